import Foundation
import Testing

/// A small log made by hand, whose answers are worked out by hand below, so that each query's
/// test checks numbers a person can verify. Times are UTC (the CLI tests run with TZ=UTC).
///
/// - 2026-11-02 (Mon) "Squat day": squat warm-up 60×5, then 100×5 and 110×3; bench 80×5.
///   Sets 4 (warm-up included), volume 100×5 + 110×3 + 80×5 = 1230 kg.
/// - 2026-11-05 (Thu) "Squat heavy": squat 120×2 and 90×8. Sets 2, volume 240 + 720 = 960 kg.
/// - 2026-11-06 (Fri) "Easy run": a cardio quick log, 5 km in 30 min: one set of Running.
/// - Food on 2026-11-02: 100 g oats (380 kcal, 13 P, 68 C, 7 F per 100 g) and 200 g chicken
///   (165 kcal, 31 P, 0 C, 3.6 F per 100 g): 710 kcal, 75 P, 68 C, 14.2 F. On 2026-11-03:
///   50 g oats: 190 kcal, 6.5 P, 34 C, 3.5 F. Goals from 2026-11-01: 2500 kcal, 150/300/70 g.
/// - Bodyweight 80.0 (11-02), 79.5 (11-04), 79.0 (11-06).
///
/// Squat records: heaviest 120 (11-05); Brzycki e1RM 120×36/35 = 123.428571 (11-05), before
/// it 110×36/34 = 116.470588 (11-02); Epley 120×(1+2/30) = 128; most reps 8; best set 720;
/// best session 960. As of 2026-11-04: heaviest 110, most reps 5, best set 500, session 830.
enum QueryFixture {
    static let squat = "5A0A0000-0000-4000-8000-000000000001"
    static let bench = "5A0A0000-0000-4000-8000-000000000002"
    static let workoutA = "A0000000-0000-4000-8000-00000000000A"
    static let workoutB = "B0000000-0000-4000-8000-00000000000B"
    static let run = "C0000000-0000-4000-8000-00000000000C"

    /// The log's events, one JSON line each, in log order (the line index is the offset).
    static let lines: [String] = {
        var lines: [String] = []
        func add(_ type: String, _ at: String, _ event: String) {
            lines.append(#"{"type":"\#(type)","recordedAt":"\#(at)","event":\#(event)}"#)
        }
        var setNumber = 0
        func set(_ workout: String, _ entry: String, _ at: String, _ kg: Double, _ reps: Int, warmup: Bool = false) {
            setNumber += 1
            let id = String(format: "5E700000-0000-4000-8000-%012d", setNumber)
            add("SetLogged", at, #"{"entryID":"\#(entry)","loggedAt":"\#(at)","performance":{"completed":true,"reps":\#(reps),"setType":"\#(warmup ? "warmup" : "normal")","weight":{"unit":"kg","value":\#(kg)}},"setID":"\#(id)","workoutID":"\#(workout)"}"#)
        }
        func exercise(_ id: String, _ name: String, _ muscles: String) {
            add("ExerciseCreated", "2026-11-01T06:00:00Z", #"{"definition":{"category":"barbell","categoryIDs":[],"equipment":"barbell","kind":"weightAndReps","muscleGroups":[\#(muscles)],"name":"\#(name)"},"exerciseID":"\#(id)","isPreset":false}"#)
        }
        func food(_ entry: Int, _ day: String, _ at: String, _ name: String, _ grams: Double, _ per100: String) {
            let id = String(format: "F0D00000-0000-4000-8000-%012d", entry)
            add("FoodLogged", at, #"{"amountGrams":\#(grams),"day":"\#(day)","entryID":"\#(id)","foodID":"F00D0000-0000-4000-8000-000000000001","foodName":"\#(name)","loggedAt":"\#(at)","meal":"lunch","per100g":\#(per100)}"#)
        }
        func weight(_ entry: Int, _ at: String, _ kg: Double) {
            let id = String(format: "B0D40000-0000-4000-8000-%012d", entry)
            add("BodyweightRecorded", at, #"{"entryID":"\#(id)","recordedAt":"\#(at)","timeZone":"UTC","weight":{"unit":"kg","value":\#(kg)}}"#)
        }
        let oats = #"{"caloriesKcal":380,"carbsG":68,"fatsG":7,"proteinG":13}"#
        let chicken = #"{"caloriesKcal":165,"carbsG":0,"fatsG":3.6,"proteinG":31}"#
        add("SettingsChanged", "2026-11-01T06:00:00Z", #"{"distanceUnit":"kilometres","weightUnit":"kg"}"#)
        exercise(squat, "Barbell Back Squat", #""quads","glutes""#)
        exercise(bench, "Barbell Bench Press", #""chest","triceps""#)
        add("ProfileUpdated", "2026-11-01T06:01:00Z", #"{"activityLevel":"active","dateOfBirth":"1994-02-03","effectiveFrom":"2026-11-01","goals":{"caloriesKcal":2500,"carbsG":300,"fatsG":70,"proteinG":150},"heightCentimetres":181,"name":"Sam","sex":"unspecified"}"#)
        weight(1, "2026-11-02T06:30:00Z", 80)
        food(1, "2026-11-02", "2026-11-02T08:00:00Z", "Rolled oats", 100, oats)
        food(2, "2026-11-02", "2026-11-02T12:00:00Z", "Chicken breast", 200, chicken)
        add("WorkoutStarted", "2026-11-02T17:00:00Z", #"{"name":"Squat day","startedAt":"2026-11-02T17:00:00Z","timeZone":"UTC","type":"lifting","workoutID":"\#(workoutA)"}"#)
        add("ExerciseAddedToWorkout", "2026-11-02T17:00:00Z", #"{"entryID":"E0000000-0000-4000-8000-0000000000A1","exerciseID":"\#(squat)","position":1,"workoutID":"\#(workoutA)"}"#)
        set(workoutA, "E0000000-0000-4000-8000-0000000000A1", "2026-11-02T17:05:00Z", 60, 5, warmup: true)
        set(workoutA, "E0000000-0000-4000-8000-0000000000A1", "2026-11-02T17:10:00Z", 100, 5)
        set(workoutA, "E0000000-0000-4000-8000-0000000000A1", "2026-11-02T17:15:00Z", 110, 3)
        add("ExerciseAddedToWorkout", "2026-11-02T17:20:00Z", #"{"entryID":"E0000000-0000-4000-8000-0000000000A2","exerciseID":"\#(bench)","position":2,"workoutID":"\#(workoutA)"}"#)
        set(workoutA, "E0000000-0000-4000-8000-0000000000A2", "2026-11-02T17:25:00Z", 80, 5)
        add("WorkoutNotesChanged", "2026-11-02T17:58:00Z", #"{"notes":"Knees felt good.","workoutID":"\#(workoutA)"}"#)
        add("WorkoutRPERecorded", "2026-11-02T17:59:00Z", #"{"rpe":8,"workoutID":"\#(workoutA)"}"#)
        add("WorkoutCompleted", "2026-11-02T18:00:00Z", #"{"durationSeconds":3600,"endedAt":"2026-11-02T18:00:00Z","workoutID":"\#(workoutA)"}"#)
        food(3, "2026-11-03", "2026-11-03T08:00:00Z", "Rolled oats", 50, oats)
        weight(2, "2026-11-04T06:30:00Z", 79.5)
        add("WorkoutStarted", "2026-11-05T17:00:00Z", #"{"name":"Squat heavy","startedAt":"2026-11-05T17:00:00Z","timeZone":"UTC","type":"lifting","workoutID":"\#(workoutB)"}"#)
        add("ExerciseAddedToWorkout", "2026-11-05T17:00:00Z", #"{"entryID":"E0000000-0000-4000-8000-0000000000B1","exerciseID":"\#(squat)","position":1,"workoutID":"\#(workoutB)"}"#)
        set(workoutB, "E0000000-0000-4000-8000-0000000000B1", "2026-11-05T17:10:00Z", 120, 2)
        set(workoutB, "E0000000-0000-4000-8000-0000000000B1", "2026-11-05T17:20:00Z", 90, 8)
        add("WorkoutCompleted", "2026-11-05T18:00:00Z", #"{"durationSeconds":3600,"endedAt":"2026-11-05T18:00:00Z","workoutID":"\#(workoutB)"}"#)
        weight(3, "2026-11-06T06:30:00Z", 79)
        add("CardioLogged", "2026-11-06T10:00:00Z", #"{"activity":"run","distanceMetres":5000,"durationSeconds":1800,"name":"Easy run","paceSecondsPerKilometre":360,"startedAt":"2026-11-06T09:30:00Z","timeZone":"UTC","workoutID":"\#(run)"}"#)
        return lines
    }()

    /// The offset of the last event of "Squat day" (its WorkoutCompleted).
    static var offsetAfterWorkoutA: Int { lines.firstIndex { $0.contains("\"WorkoutCompleted\"") }! }

    /// A scratch directory whose log holds the fixture.
    static func makeLog() async throws -> Scratch {
        let scratch = try Scratch()
        let appended = try await scratch.runOnLog(["append"], stdin: lines.joined(separator: "\n") + "\n")
        try #require(appended.status == 0, "append failed: \(appended.stderr)")
        return scratch
    }
}

extension CLI.Result {
    /// Standard output parsed as one JSON array of objects.
    func jsonArray() throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]], "not a JSON array: \(stdout) \(stderr)")
    }

    /// Standard output parsed as one JSON object.
    func jsonObject() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "not a JSON object: \(stdout) \(stderr)")
    }
}
