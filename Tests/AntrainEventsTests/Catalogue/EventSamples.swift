import AntrainEvents
import Foundation

/// One realistic, valid event of every type of ``KnownEventTypes/all``, with fixed ids and
/// times, as docs/EVENTS.md shows them; and a few extreme variants for the codec tests.
///
/// The samples tell one story: on Monday 15 September 2025 a lifter in Berlin starts week 1
/// of a bench program, benches 5 × 100 kg, logs lunch and weighs in (in pounds).
enum EventSamples {
    /// A fixed id for `name`, the same in every run.
    static func id(_ name: String) -> UUID { UUID.stable("sample", name) }

    /// A fixed instant, from ISO 8601 text.
    static func at(_ text: String) -> Timestamp {
        guard let timestamp = Timestamp(text) else { preconditionFailure("not an ISO 8601 time: \(text)") }
        return timestamp
    }

    /// A fixed day, from `YYYY-MM-DD`.
    static func day(_ text: String) -> CalendarDay {
        guard let day = CalendarDay(text) else { preconditionFailure("not a calendar day: \(text)") }
        return day
    }

    // Ids shared between samples, so that they refer to each other as a real log does.
    static let workout = id("workout-push-day")
    static let benchEntry = id("entry-bench")
    static let flyEntry = id("entry-cable-fly")
    static let plankEntry = id("entry-plank")
    static let topSet = id("set-bench-top")
    static let warmupSet = id("set-bench-warmup")
    static let benchPress = UUID.stable("preset", "exercise", "barbell-bench-press")
    static let plank = UUID.stable("preset", "exercise", "plank")
    static let pausedBench = id("exercise-paused-bench")
    static let benchVariations = id("category-bench-variations")
    static let template = id("template-bench-day")
    static let program = id("program-bench-builder")
    static let programCopy = id("program-bench-builder-copy")
    static let chickenBreast = UUID.stable("preset", "food", "chicken-breast-cooked")
    static let skyr = id("food-skyr")
    static let lunchEntry = id("diary-lunch-chicken")
    static let monday = day("2025-09-15")

    static let pausedBenchDefinition = ExerciseDefinition(
        name: "Paused Bench Press", category: .barbell, kind: .weightAndReps, equipment: .barbell,
        muscleGroups: [.chest, .triceps, .shoulders], categoryIDs: [benchVariations],
        description: "Lower the bar to the chest, hold it still for two seconds, then press.",
        youTubeURL: "https://youtu.be/rT7DgCr-3pg")

    static let benchDayItems: [TemplateItem] = [
        .exercise(position: 1, exerciseID: benchPress, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180, weight: .kilograms(80))),
        .break(position: 2, durationSeconds: 120),
        .exercise(position: 3, exerciseID: plank, target: .time(durationSeconds: 60)),
    ]

    static let benchBuilder = ProgramDefinition(
        name: "Bench Builder",
        description: "Four weeks to a heavier bench: three weeks of building, then a deload.",
        category: .strengthTraining, difficulty: .intermediate, durationWeeks: 4, progression: .threeOneDeload,
        weeks: [
            ProgramWeek(number: 1, notes: "Find your working weight", phase: "accumulation", intensityModifier: 0.85, days: [
                ProgramDay(dayOfWeek: 1, name: "Heavy bench", notes: "Pause the first rep", templateID: template, suggestedRPE: 7),
                ProgramDay(dayOfWeek: 4, name: "Light bench", templateID: template, intensityOverride: 0.75, volumeOverride: 0.8),
            ]),
            ProgramWeek(number: 2, phase: "accumulation", intensityModifier: 0.9, days: [
                ProgramDay(dayOfWeek: 1, name: "Heavy bench", templateID: template, suggestedRPE: 8),
            ]),
            ProgramWeek(number: 3, phase: "intensification", intensityModifier: 0.95, volumeModifier: 0.9, days: [
                ProgramDay(dayOfWeek: 1, name: "Heavy bench", templateID: template, suggestedRPE: 8.5),
            ]),
            ProgramWeek(number: 4, name: "Deload", intensityModifier: 0.7, volumeModifier: 0.5, isDeload: true, days: [
                ProgramDay(dayOfWeek: 1, name: "Easy bench", templateID: template, suggestedRPE: 6),
            ]),
        ])

    static let chickenPer100g = Nutrients(caloriesKcal: 165, proteinG: 31, carbsG: 0, fatsG: 3.6)

    /// One valid event of each type, in the order of ``KnownEventTypes/all``.
    static let all: [any DomainEvent] = [
        // Lifting
        WorkoutStarted(workoutID: workout, type: .lifting, name: "Push day", templateID: template,
                       programDay: ProgramDayReference(programID: program, week: 1, dayOfWeek: 1),
                       startedAt: at("2025-09-15T07:30:00Z"), timeZone: "Europe/Berlin"),
        ExerciseAddedToWorkout(workoutID: workout, entryID: benchEntry, exerciseID: benchPress, position: 1),
        SetLogged(workoutID: workout, entryID: benchEntry, setID: topSet,
                  performance: SetPerformance(setType: .normal, reps: 5, weight: .kilograms(100), rpe: 8, restSeconds: 180),
                  loggedAt: at("2025-09-15T07:48:00Z")),
        SetCorrected(workoutID: workout, setID: topSet,
                     performance: SetPerformance(setType: .normal, reps: 5, weight: .kilograms(102.5), rpe: 8.5, restSeconds: 180,
                                                 notes: "Loaded 102.5, not 100")),
        SetRemoved(workoutID: workout, setID: warmupSet),
        ExerciseRemovedFromWorkout(workoutID: workout, entryID: flyEntry),
        ExercisesReordered(workoutID: workout, entryIDs: [benchEntry, plankEntry]),
        WorkoutNotesChanged(workoutID: workout, notes: "Bench moved fast today; left shoulder fine after the warm-up."),
        WorkoutRPERecorded(workoutID: workout, rpe: 8.5),
        WorkoutCompleted(workoutID: workout, endedAt: at("2025-09-15T08:42:30Z"), durationSeconds: 4200),
        WorkoutCancelled(workoutID: id("workout-cancelled"), cancelledAt: at("2025-09-16T18:05:00Z")),
        WorkoutDeleted(workoutID: id("workout-logged-twice")),
        // Library
        ExerciseCreated(exerciseID: pausedBench, definition: pausedBenchDefinition, isPreset: false),
        ExerciseUpdated(exerciseID: pausedBench, definition: {
            var definition = pausedBenchDefinition
            definition.name = "Paused Bench Press (2 s)"
            definition.categoryIDs = []
            definition.youTubeURL = nil
            return definition
        }()),
        ExerciseDeleted(exerciseID: pausedBench),
        ExerciseCategoryCreated(categoryID: benchVariations, name: "Bench variations"),
        ExerciseCategoryRenamed(categoryID: benchVariations, name: "Pressing variations"),
        ExerciseCategoryDeleted(categoryID: benchVariations),
        // Templates
        TemplateCreated(templateID: template, name: "Bench day", notes: "Top sets at RPE 8; keep the plank strict.",
                        items: benchDayItems),
        TemplateUpdated(templateID: template, name: "Bench day", notes: nil, items: [
            .exercise(position: 1, exerciseID: benchPress, target: .repetitions(sets: 4, repsPerSet: 6, restSeconds: 150)),
            .exercise(position: 2, exerciseID: plank, target: .time(durationSeconds: 45)),
        ]),
        TemplateDeleted(templateID: template),
        // Programs
        ProgramCreated(programID: program, definition: benchBuilder, isPreset: false),
        ProgramUpdated(programID: program, definition: {
            var definition = benchBuilder
            definition.difficulty = .advanced
            definition.weeks[3].days[0].suggestedRPE = 5
            return definition
        }()),
        ProgramDuplicated(newProgramID: programCopy, sourceProgramID: program, name: "Bench Builder (copy)", copying: benchBuilder),
        ProgramDeleted(programID: programCopy),
        ProgramActivated(programID: program, startDate: monday),
        ProgramDeactivated(programID: program, deactivatedAt: at("2025-10-13T06:00:00Z")),
        // Quick logs, nutrition, profile and body
        CardioLogged(workoutID: id("workout-long-run"), activity: .run, startedAt: at("2025-09-14T08:00:00Z"),
                     name: "Sunday long run", distanceMetres: 12_000, durationSeconds: 3780, paceSecondsPerKilometre: 315,
                     notes: "Easy pace, flat route along the river.", timeZone: "Europe/London"),
        MetconLogged(workoutID: id("workout-cindy"), format: .amrap, startedAt: at("2025-09-17T17:30:00Z"), name: "Cindy",
                     rounds: 18, durationSeconds: 1200, result: "18 rounds + 7 reps", notes: "5 pull-ups, 10 push-ups, 15 air squats",
                     timeZone: "America/Denver"),
        FoodItemCreated(foodID: skyr, definition: FoodDefinition(
            name: "Skyr, plain", brand: "Arla", per100g: Nutrients(caloriesKcal: 63, proteinG: 11, carbsG: 4, fatsG: 0.2),
            servingSizeG: 150, category: .dairy), isPreset: false),
        FoodItemUpdated(foodID: skyr, definition: FoodDefinition(
            name: "Skyr, plain", brand: "Arla", per100g: Nutrients(caloriesKcal: 64, proteinG: 11.5, carbsG: 3.9, fatsG: 0.2),
            servingSizeG: 200, category: .dairy)),
        FoodItemDeleted(foodID: skyr),
        FoodFavourited(foodID: chickenBreast, isFavourite: true),
        FoodLogged(entryID: lunchEntry, day: monday, meal: .lunch, foodID: chickenBreast, foodName: "Chicken breast, cooked",
                   amountGrams: 150, per100g: chickenPer100g, loggedAt: at("2025-09-15T11:05:00Z")),
        FoodEntryCorrected(entryID: lunchEntry, day: monday, meal: .lunch, amountGrams: 180),
        FoodEntryRemoved(entryID: lunchEntry, day: monday),
        ProfileUpdated(name: "Alex", heightCentimetres: 180.5, sex: .male, dateOfBirth: day("1992-04-03"), activityLevel: .moderate,
                       goals: NutritionGoals(caloriesKcal: 2600, proteinG: 160, carbsG: 300, fatsG: 80), effectiveFrom: monday),
        BodyweightRecorded(entryID: id("bodyweight-monday"), weight: .pounds(181.4), recordedAt: at("2025-09-15T05:45:00Z"),
                           notes: "Morning, before breakfast", timeZone: "America/Chicago"),
        SettingsChanged(weightUnit: .kilograms, distanceUnit: .kilometres),
    ]

    /// Long non-ASCII text: accents, CJK, right-to-left script, emoji with modifiers and joiners,
    /// combining marks, so every UTF-8 length from 1 to 4 bytes appears.
    static let worldText = String(repeating: "Grüße, 東京 🏋🏽‍♀️ مرحبا e\u{301} — ", count: 80)

    /// Extreme-but-encodable variants: optionals absent, the largest and smallest numbers,
    /// long strings and lists whose counts need several varint bytes. Not all of them are
    /// valid events; they test the codecs, not validation.
    static let edgeCases: [any DomainEvent] = [
        // Every optional absent.
        WorkoutStarted(workoutID: id("edge-workout"), type: .metcon, startedAt: Timestamp(microsecondsSince1970: 0)),
        SetLogged(workoutID: id("edge-workout"), entryID: id("edge-entry"), setID: id("edge-set"),
                  performance: SetPerformance(setType: .failure, durationSeconds: 0.1 + 0.2, completed: false),
                  loggedAt: at("0001-01-01T00:00:00Z")),
        ProfileUpdated(effectiveFrom: day("9999-12-31")),
        CardioLogged(workoutID: id("edge-cardio"), activity: .ski, startedAt: at("9999-12-31T23:59:59.999999Z"), durationSeconds: -0.0),
        // Extreme numbers: the largest and smallest finite doubles, negative zero, the ends of Int.
        SetCorrected(workoutID: id("edge-workout"), setID: id("edge-set"),
                     performance: SetPerformance(setType: .dropset, reps: Int.max, weight: .pounds(.greatestFiniteMagnitude),
                                                 durationSeconds: .leastNonzeroMagnitude, distanceMetres: -.greatestFiniteMagnitude,
                                                 rpe: -.leastNormalMagnitude, restSeconds: Int.min, notes: "")),
        FoodLogged(entryID: id("edge-food"), day: day("0001-01-01"), meal: .snack, foodID: id("edge-food-item"), foodName: worldText,
                   amountGrams: 4_503_599_627_370_495, per100g: Nutrients(caloriesKcal: 0.001, proteinG: -0.001, carbsG: 1e-300, fatsG: 1e300),
                   loggedAt: at("1969-12-31T23:59:59.000001Z")),
        BodyweightRecorded(entryID: id("edge-bodyweight"), weight: Mass(-0.0, .kilograms), recordedAt: at("1900-01-01T00:00:00Z"),
                           notes: worldText),
        TemplateCreated(templateID: id("edge-template"), name: worldText, notes: nil, items: [
            .exercise(position: Int.min, exerciseID: id("edge-exercise"), target: .repetitions(sets: Int.max, repsPerSet: 0, restSeconds: -1)),
            .exercise(position: Int.max, exerciseID: id("edge-exercise"), target: .time(durationSeconds: Int.min)),
            .break(position: 0, durationSeconds: Int.max),
        ]),
        // Lists whose counts take two varint bytes.
        ExercisesReordered(workoutID: id("edge-workout"), entryIDs: (0..<300).map { id("edge-entry-\($0)") }),
        ProgramCreated(programID: id("edge-program"), definition: ProgramDefinition(
            name: "🏋️", description: worldText, category: .custom, difficulty: .advanced, durationWeeks: Int.max, progression: .custom,
            weeks: (1...130).map { ProgramWeek(number: $0, intensityModifier: Double($0) / 1000, days: []) }), isPreset: true),
        MetconLogged(workoutID: id("edge-metcon"), format: .forTime, startedAt: Timestamp(microsecondsSince1970: 1),
                     rounds: Int.min, durationSeconds: 1e-9, result: "\u{0}\u{7F}\t\n", notes: worldText),
    ]
}
