@testable import AntrainEvents
@testable import AntrainLog
import Foundation

/// The history written into `fixtures/schema-v1/log`: two weeks of one user's training,
/// nutrition and bodyweight, every event type in the shape of its schema version 1, with
/// fixed ids and times so that it can be written again byte for byte.
enum V1History {
    static func id(_ parts: String...) -> UUID { UUID.stable(["v1-fixture"] + parts) }
    static let firstDay = CalendarDay(year: 2025, month: 9, day: 1)!

    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Timestamp {
        firstDay.adding(days: day).start.adding(seconds: Double(hour * 3600 + minute * 60))
    }

    /// One append of events as version 1 stored them, with fixed ids and times.
    struct Append {
        var stream: String
        var events: [ProposedEvent]
    }

    /// The type, stream and version 1 payload of an event: a current type whose shape has
    /// not changed since version 1, or the frozen version 1 shape of one that has.
    static func stored(_ value: Any) -> (type: String, stream: String, payload: [UInt8]) {
        switch value {
        case let event as SetLoggedV1: return (SetLoggedV1.eventType, StreamName.workout(event.workoutID), try! BinaryEventEncoder.encode(event))
        case let event as SetCorrectedV1: return (SetCorrectedV1.eventType, StreamName.workout(event.workoutID), try! BinaryEventEncoder.encode(event))
        case let event as WorkoutStartedV1: return (WorkoutStartedV1.eventType, StreamName.workout(event.workoutID), try! BinaryEventEncoder.encode(event))
        case let event as BodyweightRecordedV1: return (BodyweightRecordedV1.eventType, StreamName.bodyweight, try! BinaryEventEncoder.encode(event))
        case let event as FoodLoggedV1: return (FoodLoggedV1.eventType, StreamName.diary(event.day), try! BinaryEventEncoder.encode(event))
        case let event as ProgramCreatedV1: return (ProgramCreatedV1.eventType, StreamName.program(event.programID), try! BinaryEventEncoder.encode(event))
        case let event as ProgramUpdatedV1: return (ProgramUpdatedV1.eventType, StreamName.program(event.programID), try! BinaryEventEncoder.encode(event))
        case let event as ProgramDuplicatedV1: return (ProgramDuplicatedV1.eventType, StreamName.program(event.newProgramID), try! BinaryEventEncoder.encode(event))
        case let event as FoodEntryCorrectedV1: return (FoodEntryCorrectedV1.eventType, StreamName.diary(event.day), try! BinaryEventEncoder.encode(event))
        case let event as CardioLoggedV1: return (CardioLoggedV1.eventType, StreamName.workout(event.workoutID), try! BinaryEventEncoder.encode(event))
        case let event as TemplateCreatedV1: return (TemplateCreatedV1.eventType, StreamName.template(event.templateID), try! BinaryEventEncoder.encode(event))
        case let event as TemplateUpdatedV1: return (TemplateUpdatedV1.eventType, StreamName.template(event.templateID), try! BinaryEventEncoder.encode(event))
        case let event as MetconLoggedV1: return (MetconLoggedV1.eventType, StreamName.workout(event.workoutID), try! BinaryEventEncoder.encode(event))
        case let event as any DomainEvent:
            precondition(type(of: event).schemaVersion == 1, "\(event.eventType) changed since version 1: use its frozen shape")
            return (event.eventType, event.streamID, try! BinaryEventEncoder.encode(event))
        default: preconditionFailure("not an event: \(value)")
        }
    }

    /// Writes the history into a new log at `path`.
    static func write(to path: String) async throws {
        let log = try await EventLog.open(at: .init(path), options: LogOptions(segmentSize: 4096, durability: .none))
        for append in appends { try await log.append(append.events, to: append.stream) }
        try await log.close()
    }

    static var appends: [Append] {
        var appends: [Append] = []
        func add(_ at: Timestamp, _ events: [Any]) {
            let stored = events.map(Self.stored)
            appends.append(Append(stream: stored[0].stream, events: stored.enumerated().map { index, event in
                ProposedEvent(id: id("event", String(appends.count), String(index)), type: event.type, schemaVersion: 1,
                              payload: event.payload, recordedAt: at.adding(seconds: Double(index)).date)
            }))
        }
        add(at(0, 6), [SettingsChanged(weightUnit: .kilograms, distanceUnit: .kilometres)])
        add(at(0, 6, 5), [ProfileUpdated(name: "Alex", heightCentimetres: 178, sex: .unspecified,
                                         dateOfBirth: CalendarDay(year: 1990, month: 4, day: 12), activityLevel: .active,
                                         goals: NutritionGoals(caloriesKcal: 2600, proteinG: 170, carbsG: 280, fatsG: 80),
                                         effectiveFrom: firstDay)])
        library(add)
        let oats = id("food", "oats")
        add(at(0, 6, 10), [FoodItemCreated(foodID: oats, definition: FoodDefinition(
            name: "Rolled oats", brand: "Mornflake", per100g: Nutrients(caloriesKcal: 379, proteinG: 13.2, carbsG: 67.7, fatsG: 6.5),
            servingSizeG: 40, category: .grains))])
        add(at(0, 6, 11), [FoodFavourited(foodID: oats, isFavourite: true)])
        let shake = id("food", "shake")
        let shakeDefinition = FoodDefinition(name: "Protein shake", per100g: Nutrients(caloriesKcal: 370, proteinG: 86, carbsG: 4, fatsG: 1),
                                             servingSizeG: 30, category: .beverages)
        add(at(0, 6, 12), [FoodItemCreated(foodID: shake, definition: shakeDefinition)])
        var renamed = shakeDefinition
        renamed.name = "Whey isolate"
        add(at(0, 6, 13), [FoodItemUpdated(foodID: shake, definition: renamed)])
        add(at(0, 6, 14), [FoodItemDeleted(foodID: shake)])
        for day in 0..<14 {
            add(at(day, 6, 30), [BodyweightRecordedV1(entryID: id("bodyweight", String(day)), weightKg: 82.4 - Double(day) * 0.1,
                                                    recordedAt: at(day, 6, 30), notes: day == 0 ? "fasted" : nil)])
            let breakfast = id("food-entry", String(day))
            var diary: [Any] = [
                FoodLoggedV1(entryID: breakfast, day: firstDay.adding(days: day), meal: .breakfast, foodID: oats, foodName: "Rolled oats",
                           grams: 80, per100g: Nutrients(caloriesKcal: 379, proteinG: 13.2, carbsG: 67.7, fatsG: 6.5), loggedAt: at(day, 7)),
            ]
            if day % 3 == 0 { diary.append(FoodEntryCorrectedV1(entryID: breakfast, day: firstDay.adding(days: day), meal: .breakfast, grams: 95)) }
            if day == 5 { diary.append(FoodEntryRemoved(entryID: breakfast, day: firstDay.adding(days: day))) }
            add(at(day, 7), diary)
            if day % 2 == 0 { add(at(day, 17), liftingSession(day)) }
            if day % 7 == 3 {
                add(at(day, 18), [CardioLoggedV1(workoutID: id("cardio", String(day)), activity: .run, startedAt: at(day, 18),
                                                 name: "Easy run", distanceMetres: 5000, durationSeconds: 1500,
                                                 paceSecondsPerKilometre: 300, notes: "Zone 2")])
            }
            if day == 12 {
                add(at(day, 19), [MetconLoggedV1(workoutID: id("metcon", String(day)), format: .amrap, startedAt: at(day, 19),
                                                 name: "Cindy", rounds: 14, durationSeconds: 1200, result: "14 rounds + 3 reps")])
            }
        }
        return appends
    }

    /// The library a user builds before training: exercises, a category, a template, a
    /// program (duplicated, activated), and the edits, deletions and favourites in between.
    static func library(_ add: (Timestamp, [Any]) -> Void) {
        let push = id("category", "push")
        add(at(0, 5), [ExerciseCategoryCreated(categoryID: push, name: "Push")])
        add(at(0, 5, 1), [ExerciseCategoryRenamed(categoryID: push, name: "Pressing")])
        add(at(0, 5, 2), [ExerciseCategoryCreated(categoryID: id("category", "old"), name: "Old")])
        add(at(0, 5, 3), [ExerciseCategoryDeleted(categoryID: id("category", "old"))])
        let squat = ExerciseDefinition(name: "Back Squat", category: .barbell, equipment: .barbell, muscleGroups: [.quads, .glutes],
                                       description: "High bar, to depth", youTubeURL: "https://youtu.be/ultWZbUMPL8")
        add(at(0, 5, 4), [ExerciseCreated(exerciseID: id("exercise", "squat"), definition: squat, isPreset: true)])
        let bench = ExerciseDefinition(name: "Bench Press", category: .barbell, equipment: .barbell,
                                       muscleGroups: [.chest, .triceps, .shoulders], categoryIDs: [push])
        add(at(0, 5, 5), [ExerciseCreated(exerciseID: id("exercise", "bench"), definition: bench)])
        var paused = bench
        paused.name = "Bench Press (paused)"
        add(at(0, 5, 6), [ExerciseUpdated(exerciseID: id("exercise", "bench"), definition: paused)])
        add(at(0, 5, 7), [ExerciseCreated(exerciseID: id("exercise", "plank"), definition: ExerciseDefinition(
            name: "Plank", category: .bodyweight, kind: .time, equipment: .none, muscleGroups: [.abs]))])
        add(at(0, 5, 8), [ExerciseDeleted(exerciseID: id("exercise", "plank"))])
        let template = id("template", "a")
        let items: [TemplateItem] = [
            .exercise(position: 1, exerciseID: id("exercise", "squat"), target: .repetitions(sets: 4, repsPerSet: 5, restSeconds: 180)),
            .break(position: 2, durationSeconds: 120),
            .exercise(position: 3, exerciseID: id("exercise", "bench"), target: .repetitions(sets: 3, repsPerSet: 8, restSeconds: 120)),
        ]
        add(at(0, 5, 9), [TemplateCreatedV1(templateID: template, name: "Day A", items: items.map(TemplateItemV1.init))])
        add(at(0, 5, 10), [TemplateUpdatedV1(templateID: template, name: "Day A", notes: "Squat first",
                                             items: (items + [.exercise(position: 4, exerciseID: id("exercise", "plank"),
                                                                        target: .time(durationSeconds: 60))]).map(TemplateItemV1.init))])
        add(at(0, 5, 11), [TemplateCreatedV1(templateID: id("template", "b"), name: "Unused",
                                             items: [TemplateItemV1(.break(position: 1, durationSeconds: 60))])])
        add(at(0, 5, 12), [TemplateDeleted(templateID: id("template", "b"))])
        let weeks = (1...4).map { week in
            ProgramWeekV1(number: week, phase: week == 4 ? "deload" : "accumulation", intensityModifier: week == 4 ? 0.8 : 1 + Double(week) * 0.025,
                          volumeModifier: week == 4 ? 0.6 : 1, isDeload: week == 4,
                          days: [ProgramDayV1(dayOfWeek: 1, name: "A", templateID: template, suggestedRPE: 8),
                                 ProgramDayV1(dayOfWeek: 4, name: "A again", templateID: template, intensityOverride: 0.9)])
        }
        let definition = ProgramDefinitionV1(name: "Base building", description: "Four weeks, the fourth a deload", category: .strength,
                                             difficulty: .beginner, durationWeeks: 4, progression: .threeOneDeload, weeks: weeks)
        let program = id("program", "base")
        add(at(0, 5, 13), [ProgramCreatedV1(programID: program, definition: definition, isPreset: false)])
        var longer = definition
        longer.name = "Base building II"
        add(at(0, 5, 14), [ProgramUpdatedV1(programID: program, definition: definition)])
        add(at(0, 5, 15), [ProgramDuplicatedV1(newProgramID: id("program", "copy"), sourceProgramID: program, definition: longer)])
        add(at(0, 5, 16), [ProgramDeleted(programID: id("program", "copy"))])
        add(at(0, 5, 17), [ProgramActivated(programID: program, startDate: firstDay)])
        add(at(13, 20), [ProgramDeactivated(programID: program, deactivatedAt: at(13, 20))])
    }

    /// A lifting session on `day`: squat and bench, one set corrected, one removed, and on
    /// day 10 a session cancelled, on day 12 one deleted.
    static func liftingSession(_ day: Int) -> [Any] {
        let workout = id("workout", String(day))
        let squat = id("entry", String(day), "squat")
        let bench = id("entry", String(day), "bench")
        var events: [Any] = [
            WorkoutStartedV1(workoutID: workout, type: .lifting, name: day % 4 == 0 ? "Heavy" : "Volume", startedAt: at(day, 17)),
            ExerciseAddedToWorkout(workoutID: workout, entryID: squat, exerciseID: id("exercise", "squat"), position: 1),
            ExerciseAddedToWorkout(workoutID: workout, entryID: bench, exerciseID: id("exercise", "bench"), position: 2),
        ]
        for set in 0..<4 {
            let performance = SetPerformanceV1(setType: set == 0 ? .warmup : .normal, reps: set == 0 ? 8 : 5,
                                               weightKg: set == 0 ? 60 : 100 + Double(day) * 1.25, completed: true,
                                               rpe: set == 3 ? 9 : nil, restSeconds: 180)
            events.append(SetLoggedV1(workoutID: workout, entryID: squat, setID: id("set", String(day), "squat", String(set)),
                                    performance: performance, loggedAt: at(day, 17, 5 + set * 4)))
        }
        for set in 0..<3 {
            events.append(SetLoggedV1(workoutID: workout, entryID: bench, setID: id("set", String(day), "bench", String(set)),
                                      performance: SetPerformanceV1(setType: .normal, reps: 8, weightKg: 72.5, completed: true,
                                                                    notes: set == 2 ? "paused reps" : nil),
                                    loggedAt: at(day, 17, 25 + set * 4)))
        }
        events.append(SetCorrectedV1(workoutID: workout, setID: id("set", String(day), "bench", "1"),
                                     performance: SetPerformanceV1(setType: .normal, reps: 7, weightKg: 72.5, completed: true, rpe: 8.5)))
        events.append(SetRemoved(workoutID: workout, setID: id("set", String(day), "squat", "0")))
        if day == 8 {
            events.append(ExerciseRemovedFromWorkout(workoutID: workout, entryID: bench))
        } else {
            events.append(ExercisesReordered(workoutID: workout, entryIDs: [bench, squat]))
        }
        events.append(WorkoutNotesChanged(workoutID: workout, notes: "Felt strong. Knees fine."))
        events.append(WorkoutRPERecorded(workoutID: workout, rpe: 8))
        if day == 10 {
            events.append(WorkoutCancelled(workoutID: workout, cancelledAt: at(day, 18)))
        } else {
            events.append(WorkoutCompleted(workoutID: workout, endedAt: at(day, 18, 10), durationSeconds: 4200))
        }
        if day == 12 { events.append(WorkoutDeleted(workoutID: workout)) }
        return events
    }
}
