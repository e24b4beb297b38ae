import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// Hevy, FitNotes and Cronometer: small hand-made files with their totals worked out by hand.
@Suite("Import: Hevy, FitNotes and Cronometer")
struct OtherFormatTests {
    let reader = ExportReader(timeZone: TimeZone(identifier: "UTC")!)

    @Test("Hevy: set types, pounds and miles columns beside metric ones, notes across lines, quoting only where needed")
    func hevy() throws {
        let text = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","weight_lbs","reps","distance_km","distance_miles","duration_seconds","rpe"
        "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Seated Leg Curl (Machine)",,"",0,"warmup",39,,10,,,0,6
        "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Seated Leg Curl (Machine)",,"",1,"failure",,180,12,,,0,10
        "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Treadmill",,"easy pace
        then hills",0,"normal",,,,,2,1200,
        Upper,"16 Sep 2025, 18:00","16 Sep 2025, 18:45",,Bench Press (Barbell),,,0,dropset,80,,8,,,0,
        "Upper","16 Sep 2025, 18:00","16 Sep 2025, 18:45","","Bench Press (Barbell)",,"",1,"rest",80,,8,,,0,

        """
        let file = try reader.read(text, format: .hevy)
        #expect(file.workouts.count == 2)
        let lower = file.workouts[0]
        #expect(lower.startedAt == Timestamp.at("2025-09-15T07:48:00Z") && lower.durationSeconds == 5100)  // 1 h 25 min
        #expect(lower.exercises[0].sets.map(\.setType) == [.warmup, .failure])
        #expect(lower.exercises[0].sets.map(\.weight) == [.kilograms(39), .pounds(180)])
        #expect(lower.exercises[1].notes == "easy pace\nthen hills")
        #expect(lower.exercises[1].sets[0].distanceMetres == 3218.688)  // 2 miles × 1,609.344 m
        #expect(lower.exercises[1].sets[0].line == 4, "a row is numbered by the line it starts on")
        #expect(file.workouts[1].exercises[0].sets.map(\.setType) == [.dropset])
        #expect(file.skipped == [SkippedRow(line: 7, .setType, reason: "set_type \"rest\" is not normal, warmup, dropset or failure")])
    }

    @Test("FitNotes: kgs and lbs rows, times as H:MM:SS, one workout per day, and the older lbs-only layout")
    func fitNotes() throws {
        let text = """
        Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
        2024-04-25,Seated Machine Fly,Chest,50.0,kgs,8,,,,""
        2024-04-25,Flat Dumbbell Bench Press,Chest,35.0,lbs,12,,,,"left shoulder"
        2024-04-26,Rowing Machine,Cardio,,,,2.0,km,0:08:30,
        2024-04-26,Plank,Core,,,,,,1:30,

        """
        let file = try reader.read(text, format: .fitnotes)
        #expect(file.workouts.count == 2 && file.skipped.isEmpty)
        #expect(file.workouts[0].startedAt == Timestamp.at("2024-04-25T12:00:00Z"))
        #expect(file.workouts[0].exercises.map { $0.sets[0].weight } == [.kilograms(50), .pounds(35)])
        #expect(file.workouts[0].exercises[0].category == "Chest")
        #expect(file.workouts[1].exercises[0].sets[0].distanceMetres == 2000 && file.workouts[1].exercises[0].sets[0].durationSeconds == 510)
        #expect(file.workouts[1].exercises[1].sets[0].durationSeconds == 90)

        let older = "Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time\n2019-01-05,Squat,Legs,225,5,,,\n"
        #expect(try reader.read(older, format: .fitnotes).workouts[0].exercises[0].sets[0].weight == .pounds(225))
    }

    @Test("Cronometer: nutrients found by name, amounts with units, exports without Time, a bad row skipped")
    func cronometer() throws {
        let text = """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Fiber (g),Net Carbs (g),Carbs (g),Fat (g),Protein (g)
        2020-07-15,05:17,Drinks,"Jasmine Tea","600.00 g",6.00,0,0.2,1.2,0.00,0.00
        2020-07-15,,Breakfast,"Egg, whole","107.00 g",153.01,,0.77,0.77,10.18,13.46
        2020-07-15,,Breakfast,"Honey","1.00 tsp",21.3,0,5.7,5.8,,0.01
        2020-07-16,,Lunch,"Rice","lots",100,,,,,

        """
        let file = try reader.read(text, format: .cronometer)
        #expect(file.foods.count == 3)
        #expect(file.foods[0].time == "05:17" && file.foods[0].amount == 600 && file.foods[0].unit == "g")
        #expect(file.foods[1].foodName == "Egg, whole" && file.foods[1].proteinGrams == 13.46 && file.foods[1].fatGrams == 10.18)
        #expect(file.foods[1].carbsGrams == 0.77, "Carbs (g), not Net Carbs (g)")
        #expect(file.foods[2].unit == "tsp" && file.foods[2].fatGrams == 0)
        #expect(file.skipped == [SkippedRow(line: 5, .amount, reason: "amount \"lots\" is not a positive number and a unit, like \"600.00 g\"")])

        let noTime = "Day,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g)\n2021-01-01,Dinner,Soup,\"250.00 g\",120,5,12,4\n"
        let plain = try reader.read(noTime, format: .cronometer)
        #expect(plain.foods.first?.time == nil && plain.foods.first?.calories == 120)
    }

    @Test("A file of another format, an empty file and an unclosed quote are refused with the line")
    func refusals() {
        // The header of another format: named, with the columns this one lacks.
        #expect(throws: ImportError(line: 1, reason: "this is not a Hevy export: the header lacks title, start_time and exercise_title; "
                                        + "it is the header of a FitNotes export", headerFormat: .fitnotes)) {
            try reader.read("Date,Exercise,Category,Weight,Reps\n", format: .hevy)
        }
        // A header of no known format: only the columns it lacks are named.
        #expect(throws: ImportError(line: 1, reason: "this is not a Strong export: the header lacks Set Order and Reps")) {
            try reader.read("Date,Workout Name,Exercise Name,Weight\n", format: .strong)
        }
        #expect(throws: ImportError(line: 1, reason: "the file is empty: a header line was expected")) {
            try reader.read("", format: .strong)
        }
        #expect(throws: ImportError(line: 2, reason: "a quoted field opened on this line is never closed")) {
            try reader.read("Day,Group,Food Name,Amount\n2020-01-01,Lunch,\"Soup,1 g\n", format: .cronometer)
        }
    }
}
