import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// Strong's four header layouts, each a small hand-made file with its totals worked out by hand.
@Suite("Import: Strong's four layouts")
struct StrongLayoutTests {
    let utc = ExportReader(timeZone: TimeZone(identifier: "UTC")!, weightUnit: .pounds)

    @Test("Semicolons, a unit per row, a rest timer row and a warm-up")
    func semicolonLayout() throws {
        let text = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);W;60;kg;5;;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);Rest Timer;0;kg;0;;0;;90;;
        2023-05-01 07:30:00;Legs;Leg Press;1;225;lbs;10;;0;;0;"slow; controlled";
        2023-05-01 07:30:00;Legs;Running;1;0;kg;0;;5;km;1500;;

        """
        let file = try utc.read(text, format: .strong)
        #expect(file.workouts.count == 1)
        let workout = try #require(file.workouts.first)
        #expect(workout.name == "Legs" && workout.notes == "Felt good")
        #expect(workout.startedAt == Timestamp.at("2023-05-01T07:30:00Z"))
        #expect(workout.exercises.map(\.name) == ["Squat (Barbell)", "Leg Press", "Running"])
        let squat = workout.exercises[0].sets
        #expect(squat.map(\.setType) == [.warmup, .normal])
        #expect(squat[1].weight == .kilograms(100) && squat[1].reps == 5 && squat[1].rpe == 8 && squat[1].line == 3)
        #expect(workout.exercises[1].sets[0].weight == .pounds(225))
        #expect(workout.exercises[1].sets[0].notes == "slow; controlled")
        // 5 km in 1500 s: a distance set of 5,000 m and a duration, no reps, no weight.
        let run = workout.exercises[2].sets[0]
        #expect(run.distanceMetres == 5000 && run.durationSeconds == 1500 && run.reps == nil && run.weight == nil)
        #expect(file.skipped == [SkippedRow(line: 4, .restTimer, reason: "a rest timer, not a set")])
    }

    @Test("Commas, no unit column, durations like 1h 5m, weights in the unit given")
    func commaLayout() throws {
        let text = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2021-07-07 18:35:21,"Push - Shoulder",1h 5m,"Overhead Press (Barbell)",1,115.0,4,0,0,"","",
        2021-07-07 18:35:21,"Push - Shoulder",1h 5m,"Overhead Press (Barbell)",2,115.0,4,0,0,,,9
        2021-07-09 18:00:00,"Pull",31m,"Plank",1,0,0,0,60,,,

        """
        let file = try utc.read(text, format: .strong)
        #expect(file.workouts.count == 2 && file.skipped.isEmpty)
        #expect(file.workouts[0].durationSeconds == 3900)  // 1 h 5 min = 3,600 + 300 s
        #expect(file.workouts[1].durationSeconds == 1860)  // 31 min
        #expect(file.workouts[0].exercises[0].sets.map(\.weight) == [.pounds(115), .pounds(115)])
        #expect(file.workouts[0].exercises[0].sets.map(\.rpe) == [nil, 9])
        #expect(file.workouts[1].exercises[0].sets[0].durationSeconds == 60)
        #expect(throws: ImportError(line: 1, reason: "this Strong export has no weight unit column: say which unit its weights are in with --weight-unit kg or --weight-unit lb")) {
            try ExportReader(timeZone: .gmt).read(text, format: .strong)
        }
    }

    @Test("Every field quoted, metric columns, the workout number column")
    func quotedLayout() throws {
        let text = """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "1";"2024-01-02 06:00:00";"Full body";"2700";"Deadlift (Barbell)";"1";"140";"3";"8.5";"";"";"";""
        "1";"2024-01-02 06:00:00";"Full body";"2700";"Rowing (Machine)";"1";"";"";"";"2000";"480";"";""

        """
        let file = try ExportReader(timeZone: .gmt).read(text, format: .strong)
        let workout = try #require(file.workouts.first)
        #expect(workout.durationSeconds == 2700)
        #expect(workout.exercises[0].sets[0].weight == .kilograms(140) && workout.exercises[0].sets[0].rpe == 8.5)
        #expect(workout.exercises[1].sets[0].distanceMetres == 2000 && workout.exercises[1].sets[0].durationSeconds == 480)
    }

    @Test("Commas with RPE last and reps written 13.0; a row with nothing performed is skipped")
    func shortLayout() throws {
        let text = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),1,30.0,13.0,0.0,0.0,
        2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),2,30.0,0.0,0.0,0.0,
        2020-02-03 17:00:00,Arms,45m,Bicep Curl (Dumbbell),3,30.0,12.5,0.0,0.0,

        """
        let file = try utc.read(text, format: .strong)
        #expect(file.workouts[0].exercises[0].sets.map(\.reps) == [13])
        #expect(file.skipped == [
            SkippedRow(line: 3, .notPerformed, reason: "no reps, time or distance: not a performed set"),
            SkippedRow(line: 4, .reps, reason: "reps \"12.5\" is not a whole number"),
        ])
    }

    @Test("Local times are read in the import's time zone")
    func timeZone() throws {
        let text = "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes\n2023-07-01 07:30:00;A;Squat;1;100;kg;5;;;;;;\n"
        let berlin = try ExportReader(timeZone: TimeZone(identifier: "Europe/Berlin")!).read(text, format: .strong)
        // Berlin is UTC+2 in July: 07:30 there is 05:30 UTC.
        #expect(berlin.workouts[0].startedAt == Timestamp.at("2023-07-01T05:30:00Z"))
        #expect(berlin.workouts[0].timeZone == "Europe/Berlin")
    }
}

extension Timestamp {
    static func at(_ text: String) -> Timestamp { Timestamp(text)! }
}
