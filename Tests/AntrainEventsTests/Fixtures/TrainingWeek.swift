import AntrainEvents
import AntrainTestSupport
import Foundation
import Testing

/// `fixtures/events/training-week.jsonl`: one week of an athlete's diary in the JSON Lines
/// form of `antrain-log append`, made of preset exercises and foods (seed the library first).
/// Written from the event types, so that it is always valid; a test checks the committed file
/// is what this code writes.
enum TrainingWeek {
    static let monday = CalendarDay(year: 2026, month: 11, day: 16)!
    static func id(_ parts: String...) -> UUID { UUID.stable(["training-week"] + parts) }
    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Timestamp {
        monday.adding(days: day).start.adding(seconds: Double(hour * 3600 + minute * 60))
    }

    static func presets() throws -> LibraryPresets {
        try LibraryPresets.load(from: packageRoot().appendingPathComponent("fixtures/library"))
    }

    /// The lines of the file.
    static func lines() throws -> [String] {
        let presets = try presets()
        func exercise(_ name: String) -> UUID {
            presets.events.compactMap { $0 as? ExerciseCreated }.first { $0.definition.name == name }!.exerciseID
        }
        func food(_ name: String) -> FoodItemCreated {
            presets.events.compactMap { $0 as? FoodItemCreated }.first { $0.definition.name == name }!
        }
        var lines: [String] = []
        var count = 0
        func add(_ event: any DomainEvent, _ at: Timestamp) throws {
            count += 1
            let envelope = EventEnvelope(event: event, id: id("event", String(count)), recordedAt: at)
            lines.append(String(decoding: try envelope.encoded(), as: UTF8.self))
        }
        try add(SettingsChanged(weightUnit: .kilograms, distanceUnit: .kilometres), at(0, 6))
        try add(ProfileUpdated(name: "Sam", heightCentimetres: 181, sex: .unspecified, dateOfBirth: CalendarDay(year: 1994, month: 2, day: 3),
                               activityLevel: .active, goals: NutritionGoals(caloriesKcal: 2800, proteinG: 180, carbsG: 320, fatsG: 85),
                               effectiveFrom: monday), at(0, 6, 1))
        let sessions: [(day: Int, name: String, lifts: [(String, Mass, Int)])] = [
            (0, "Squat day", [("Barbell Back Squat", .kilograms(140), 5), ("Barbell Bench Press", .kilograms(100), 5),
                              ("Barbell Row", .kilograms(80), 8)]),
            (2, "Deadlift day", [("Conventional Deadlift", .kilograms(180), 3), ("Overhead Press", .kilograms(60), 5),
                                 ("Pull-Up", .kilograms(0), 8)]),
            (4, "Volume day", [("Barbell Back Squat", .pounds(265), 8), ("Incline Barbell Bench Press", .kilograms(80), 8),
                               ("Romanian Deadlift", .kilograms(120), 10)]),
        ]
        for day in 0..<7 {
            try add(BodyweightRecorded(entryID: id("bodyweight", String(day)), weight: .kilograms(84.2 - Double(day) * 0.15),
                                       recordedAt: at(day, 6, 30)), at(day, 6, 30))
            for (index, meal) in [(Meal.breakfast, ["Rolled oats", "Milk, whole", "Banana"]), (.lunch, ["Chicken breast, cooked", "White rice, cooked", "Broccoli"]),
                                  (.dinner, ["Salmon, cooked", "Potato, baked", "Olive oil"]), (.snack, ["Skyr, plain", "Almonds"])].enumerated() {
                for item in meal.1 {
                    let chosen = food(item)
                    let grams = item == "Olive oil" ? 10.0 : item == "Almonds" ? 30 : 100 + Double((day * 7 + index * 13 + item.count) % 8) * 25
                    try add(FoodLogged(entryID: id("meal", String(day), item), day: monday.adding(days: day), meal: meal.0, foodID: chosen.foodID,
                                       foodName: chosen.definition.name, amountGrams: grams, per100g: chosen.definition.per100g,
                                       loggedAt: at(day, 8 + index * 4)), at(day, 8 + index * 4))
                }
            }
            if let session = sessions.first(where: { $0.day == day }) {
                let workout = id("workout", String(day))
                try add(WorkoutStarted(workoutID: workout, type: .lifting, name: session.name, startedAt: at(day, 17), timeZone: "Europe/Berlin"),
                        at(day, 17))
                for (position, lift) in session.lifts.enumerated() {
                    let entry = id("entry", String(day), String(position))
                    try add(ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: exercise(lift.0), position: position + 1),
                            at(day, 17, position * 20))
                    for set in 0..<4 {
                        let warmup = set == 0 && lift.1.value > 0
                        let weight = warmup ? Mass(lift.1.value * 0.6, lift.1.unit) : lift.1
                        try add(SetLogged(workoutID: workout, entryID: entry, setID: id("set", String(day), String(position), String(set)),
                                          performance: SetPerformance(setType: warmup ? .warmup : .normal, reps: lift.2, weight: weight,
                                                                      rpe: set == 3 ? 8.5 : nil, restSeconds: 180),
                                          loggedAt: at(day, 17, position * 20 + set * 4 + 2)), at(day, 17, position * 20 + set * 4 + 2))
                    }
                }
                try add(WorkoutRPERecorded(workoutID: workout, rpe: 8), at(day, 18, 5))
                try add(WorkoutCompleted(workoutID: workout, endedAt: at(day, 18, 5), durationSeconds: 3900), at(day, 18, 5))
            }
            if day == 5 {
                try add(CardioLogged(workoutID: id("run", String(day)), activity: .run, startedAt: at(day, 9), name: "Long run",
                                     distanceMetres: 12_000, durationSeconds: 3960, paceSecondsPerKilometre: 330), at(day, 10, 6))
            }
        }
        return lines
    }
}

@Suite("The training week fixture")
struct TrainingWeekTests {
    static let path = packageRoot().appendingPathComponent("fixtures/events/training-week.jsonl")

    @Test("The committed file is what the event types write (ANTRAIN_WRITE_TRAINING_WEEK=1 rewrites it)")
    func committedFileIsCurrent() throws {
        let text = try TrainingWeek.lines().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["ANTRAIN_WRITE_TRAINING_WEEK"] == "1" {
            try FileManager.default.createDirectory(at: Self.path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: Self.path)
        }
        #expect(try String(contentsOf: Self.path, encoding: .utf8) == text)
    }

    @Test("Every line decodes and validates")
    func valid() throws {
        for line in try TrainingWeek.lines() {
            let envelope = try EventEnvelope.decode(Data(line.utf8))
            try envelope.event.validate()
        }
    }
}
