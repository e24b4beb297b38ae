import Foundation
import Testing

/// `import` of small hand-made files in every layout, end to end: the totals of the summary
/// (worked out by hand from the rows), what the log then holds, and re-imports and dry runs
/// that append nothing.
@Suite("Data: import of every format")
struct ImportFormatTests {
    static let strongSemicolons = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);W;60;kg;5;;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);Rest Timer;0;kg;0;;0;;90;;
        2023-05-01 07:30:00;Legs;Leg Press;1;225;lbs;10;;0;;0;"slow; controlled";
        2023-05-01 07:30:00;Legs;Running;1;0;kg;0;;5;km;1500;;

        """

    @Test("Strong, semicolons: 1 workout, 4 sets (a warm-up, a run), the rest timer on line 4 skipped, 3 custom exercises")
    func strongSemicolons() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([try scratch.file("strong.csv", Self.strongSemicolons), "--source", "strong"])
        #expect(report.int("workouts") == 1 && report.int("sets") == 4 && report.int("days") == 1)
        #expect(report.skippedLines == [4])
        #expect(report["newExercises"] as? [String] == ["Squat (Barbell)", "Leg Press", "Running"])
        // 3 ExerciseCreated + started + 3 exercises added + 4 sets + notes + completed.
        #expect(report.int("appended") == 13 && report.int("alreadyStored") == 0)
        let sets = try await scratch.exportCSV("sets")
        #expect(sets.count == 5)
        #expect(sets[1] == ["2023-05-01 07:30:00", "Legs", "8m", "Squat (Barbell)", "W", "60", "5", "0", "0", "", "Felt good", "", "kg", "km"])
        #expect(sets[3][3] == "Leg Press" && sets[3][5] == "102.06" && sets[3][9] == "slow; controlled")  // 225 lb in kg
    }

    @Test("Strong, commas without units: --weight-unit is required, then 2 workouts and 3 sets in pounds")
    func strongCommas() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2021-07-07 18:35:21,"Push - Shoulder",1h 5m,"Overhead Press (Barbell)",1,115.0,4,0,0,"","",
            2021-07-07 18:35:21,"Push - Shoulder",1h 5m,"Overhead Press (Barbell)",2,115.0,4,0,0,,,9
            2021-07-09 18:00:00,"Pull",31m,"Plank",1,0,0,0,60,,,

            """)
        let refused = try await scratch.runOnLog(["import", path, "--source", "strong"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("no weight unit column") && refused.stderr.contains("fix: add --weight-unit kg or --weight-unit lb"))
        #expect(try await scratch.runOnLog(["info"]).status == 66, "a refused file creates no log")

        let report = try await scratch.importReport([path, "--source", "strong", "--weight-unit", "lb"])
        #expect(report.int("workouts") == 2 && report.int("sets") == 3 && report.int("days") == 2 && report.skippedLines.isEmpty)
        let sets = try await scratch.exportCSV("sets", ["--weight-unit", "lb"])
        #expect(sets.dropFirst().map { $0[5] } == ["115", "115", "0"])
        #expect(sets[1][2] == "1h 5m" && sets[3][2] == "31m" && sets[3][8] == "60" && sets[2][11] == "9")
    }

    @Test("Strong, quoted metric layout and the short layout with reps like 13.0: totals and skipped lines")
    func strongQuotedAndShort() async throws {
        let scratch = try Scratch()
        let quoted = try scratch.file("quoted.csv", """
            "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
            "1";"2024-01-02 06:00:00";"Full body";"2700";"Deadlift (Barbell)";"1";"140";"3";"8.5";"";"";"";""
            "1";"2024-01-02 06:00:00";"Full body";"2700";"Rowing (Machine)";"1";"";"";"";"2000";"480";"";""

            """)
        let first = try await scratch.importReport([quoted, "--source", "strong"])
        #expect(first.int("workouts") == 1 && first.int("sets") == 2 && first.skippedLines.isEmpty)
        let short = try scratch.file("short.csv", """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),1,30.0,13.0,0.0,0.0,
            2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),2,30.0,0.0,0.0,0.0,
            2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),3,30.0,12.5,0.0,0.0,

            """)
        let second = try await scratch.importReport([short, "--source", "strong", "--weight-unit", "kg"])
        #expect(second.int("workouts") == 1 && second.int("sets") == 1 && second.skippedLines == [3, 4])
        let sets = try await scratch.exportCSV("sets")
        #expect(sets.count == 4)
        #expect(sets[1][3] == "Bicep Curl (Dumbbell)" && sets[1][6] == "13")
        #expect(sets[2][3] == "Deadlift (Barbell)" && sets[2][5] == "140" && sets[2][11] == "8.5")
        #expect(sets[3][7] == "2" && sets[3][8] == "480")  // 2,000 m as km
    }

    @Test("Hevy: 2 workouts, 4 sets, the rest row on line 7 skipped; FitNotes: 2 workouts, 4 sets")
    func hevyAndFitNotes() async throws {
        let scratch = try Scratch()
        let hevy = try scratch.file("hevy.csv", """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","weight_lbs","reps","distance_km","distance_miles","duration_seconds","rpe"
            "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Seated Leg Curl (Machine)",,"",0,"warmup",39,,10,,,0,6
            "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Seated Leg Curl (Machine)",,"",1,"failure",,180,12,,,0,10
            "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Treadmill",,"easy pace
            then hills",0,"normal",,,,,2,1200,
            Upper,"16 Sep 2025, 18:00","16 Sep 2025, 18:45",,Bench Press (Barbell),,,0,dropset,80,,8,,,0,
            "Upper","16 Sep 2025, 18:00","16 Sep 2025, 18:45","","Bench Press (Barbell)",,"",1,"rest",80,,8,,,0,

            """)
        let report = try await scratch.importReport([hevy, "--source", "hevy"])
        #expect(report.int("workouts") == 2 && report.int("sets") == 4 && report.int("days") == 2 && report.skippedLines == [7])
        let fitNotes = try scratch.file("fitnotes.csv", """
            Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
            2024-04-25,Seated Machine Fly,Chest,50.0,kgs,8,,,,""
            2024-04-25,Flat Dumbbell Bench Press,Chest,35.0,lbs,12,,,,"left shoulder"
            2024-04-26,Rowing Machine,Cardio,,,,2.0,km,0:08:30,
            2024-04-26,Plank,Core,,,,,,1:30,

            """)
        let other = try await scratch.importReport([fitNotes, "--source", "fitnotes"], log: scratch.url.appendingPathComponent("log2").path)
        #expect(other.int("workouts") == 2 && other.int("sets") == 4 && other.int("days") == 2 && other.skippedLines.isEmpty)
        let sets = try await scratch.exportCSV("sets", log: scratch.url.appendingPathComponent("log2").path)
        #expect(sets.dropFirst().map { $0[3] } == ["Seated Machine Fly", "Flat Dumbbell Bench Press", "Rowing Machine", "Plank"])
        #expect(sets[2][5] == "15.88" && sets[2][9] == "left shoulder")  // 35 lb = 15.88 kg
    }

    static let cronometer = """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Fiber (g),Net Carbs (g),Carbs (g),Fat (g),Protein (g)
        2020-07-15,05:17,Drinks,"Jasmine Tea","600.00 g",6.00,0,0.2,1.2,0.00,0.00
        2020-07-15,,Breakfast,"Egg, whole","107.00 g",153.01,,0.77,0.77,10.18,13.46
        2020-07-15,,Breakfast,"Honey","1.00 tsp",21.3,0,5.7,5.8,,0.01
        2020-07-15,,Breakfast,"Fat, mutton tallow","7.00 g",63.14,,,0,7.00,0
        2020-07-16,,Lunch,"Rice","lots",100,,,,,

        """

    @Test("Cronometer: 4 entries on 1 day, line 6 skipped; tsp as a nominal 100 g; tallow's 902 kcal/100 g kept exact")
    func cronometer() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([try scratch.file("servings.csv", Self.cronometer), "--source", "cronometer"])
        #expect(report.int("foods") == 4 && report.int("days") == 1 && report.int("workouts") == 0 && report.skippedLines == [6])
        #expect(report["newFoods"] as? [String] == ["Jasmine Tea", "Egg, whole", "Honey [tsp]", "Fat, mutton tallow"])
        let rows = try await scratch.exportCSV("nutrition")
        #expect(rows[0] == ["Day", "Meal", "Food", "Grams", "Kcal", "Protein (g)", "Carbs (g)", "Fat (g)"])
        let byFood = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[2], $0) })
        #expect(byFood["Egg, whole"] == ["2020-07-15", "breakfast", "Egg, whole", "107", "153.01", "13.46", "0.77", "10.18"])
        #expect(byFood["Honey [tsp]"] == ["2020-07-15", "breakfast", "Honey [tsp]", "100", "21.3", "0.01", "5.8", "0"])
        #expect(byFood["Jasmine Tea"]?[1] == "snack", "Drinks is not a meal of Antrain's four: a snack")
        // 63.14 kcal in 7 g would be 902 kcal per 100 g, over the limit of 900: the grams
        // rise to 63.14 / 9 = 7.0156 g and the energy stays 63.14.
        #expect(byFood["Fat, mutton tallow"] == ["2020-07-15", "breakfast", "Fat, mutton tallow", "7.02", "63.14", "0", "0", "7"])
    }

    @Test("Re-importing the same file appends nothing; --dry-run appends nothing and says what it would")
    func reimportAndDryRun() async throws {
        let scratch = try Scratch()
        let strong = try scratch.file("strong.csv", Self.strongSemicolons)
        let dry = try await scratch.importReport([strong, "--source", "strong", "--dry-run"])
        #expect(dry.int("appended") == 13 && dry["dryRun"] as? Bool == true)
        #expect(try await scratch.runOnLog(["info"]).status == 66, "a dry run creates no log")

        let first = try await scratch.importReport([strong, "--source", "strong"])
        #expect(first.int("appended") == 13)
        let again = try await scratch.importReport([strong, "--source", "strong"])
        // The three exercises are now in the library, so only the workout's 10 events are planned again.
        #expect(again.int("appended") == 0 && again.int("alreadyStored") == 10)
        #expect((again["newExercises"] as? [String])?.isEmpty == true, "the exercises of the first import are found by name")
        let dryAgain = try await scratch.importReport([strong, "--source", "strong", "--dry-run"])
        #expect(dryAgain.int("appended") == 0)

        let food = try scratch.file("servings.csv", Self.cronometer)
        #expect(try await scratch.importReport([food, "--source", "cronometer", "--dry-run"]).int("appended") == 8)
        #expect(try await scratch.importReport([food, "--source", "cronometer"]).int("appended") == 8)
        #expect(try await scratch.importReport([food, "--source", "cronometer"]).int("appended") == 0)
        let events = try await scratch.runOnLog(["cat", "--format", "json"])
        #expect(try events.jsonLines().count == 21)
    }

    @Test("A file of the wrong format and a missing file are refused, naming the problem and the fix")
    func refusals() async throws {
        let scratch = try Scratch()
        let wrong = try await scratch.runOnLog(["import", try scratch.file("x.csv", Self.cronometer), "--source", "hevy"])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("this is not a Hevy export: the header lacks title, start_time, exercise_title and reps; "
                                      + "it is the header of a Cronometer servings export"))
        #expect(wrong.stderr.contains("fix: import it with --source cronometer"), "\(wrong.stderr)")
        let unknown = try await scratch.runOnLog(["import", try scratch.file("y.csv", "a,b\n1,2\n"), "--source", "hevy"])
        #expect(unknown.status == 65 && unknown.stderr.contains("fix: check that the file is a hevy export"))
        let missing = try await scratch.runOnLog(["import", "nope.csv", "--source", "strong"])
        #expect(missing.status == 66 && missing.stderr.contains("cannot read the file nope.csv"))
        let unit = try await scratch.runOnLog(["import", "x.csv", "--source", "strong", "--weight-unit", "stone"])
        #expect(unit.status == 64 && unit.stderr.contains("--weight-unit must be kg or lb"))
        #expect(try await scratch.runOnLog(["info"]).status == 66)
    }
}
