/// The migration plan of this build: every upcaster of every event type.
///
/// History of the shapes (docs/EVENTS.md lists it too):
///
/// | type | version | change |
/// |---|---|---|
/// | `SetLogged`, `SetCorrected` | 2 | `performance.weightKg` (kilograms) became `performance.weight`, a ``Mass`` that keeps its unit |
/// | `BodyweightRecorded` | 2 | `weightKg` became `weight`, a ``Mass`` |
/// | `FoodLogged`, `FoodEntryCorrected` | 2 | `grams` was renamed `amountGrams` |
/// | `WorkoutStarted` | 2 | `timeZone` was added; older workouts read as `"UTC"` |
/// | `BodyweightRecorded` | 3 | `timeZone` was added; older weigh-ins read as `"UTC"` |
/// | `CardioLogged`, `MetconLogged` | 2 | `timeZone` was added; older quick logs read as `"UTC"` |
/// | `ProgramCreated`, `ProgramUpdated`, `ProgramDuplicated` | 2 | weeks and days gained `notes`; the categories became the app design's |
/// | `SetCorrected` | 3 | `doneAt` was added: when a planned set was done, the time it then carries |
/// | `TemplateCreated`, `TemplateUpdated` | 2 | a sets-of-reps item gained an optional `weight` |
public enum AntrainMigrationPlan {
    /// The plan.
    public static let plan = EventMigrationPlan([
        Upcaster(SetLoggedV1.self, to: SetLogged.self) { old in
            SetLogged(workoutID: old.workoutID, entryID: old.entryID, setID: old.setID,
                      performance: SetPerformance(upcasting: old.performance), loggedAt: old.loggedAt)
        },
        Upcaster(SetCorrectedV1.self, to: SetCorrectedV2.self) { old in
            SetCorrectedV2(workoutID: old.workoutID, setID: old.setID, performance: SetPerformance(upcasting: old.performance))
        },
        // A correction of version 2 said nothing of when a set was done: the set keeps its time.
        Upcaster(SetCorrectedV2.self, to: SetCorrected.self) { old in
            SetCorrected(workoutID: old.workoutID, setID: old.setID, performance: old.performance)
        },
        Upcaster(BodyweightRecordedV1.self, to: BodyweightRecordedV2.self) { old in
            BodyweightRecordedV2(entryID: old.entryID, weight: .kilograms(old.weightKg), recordedAt: old.recordedAt, notes: old.notes)
        },
        Upcaster(BodyweightRecordedV2.self, to: BodyweightRecorded.self) { old in
            BodyweightRecorded(entryID: old.entryID, weight: old.weight, recordedAt: old.recordedAt, notes: old.notes)
        },
        Upcaster(FoodLoggedV1.self, to: FoodLogged.self) { old in
            FoodLogged(entryID: old.entryID, day: old.day, meal: old.meal, foodID: old.foodID, foodName: old.foodName,
                       amountGrams: old.grams, per100g: old.per100g, loggedAt: old.loggedAt)
        },
        Upcaster(FoodEntryCorrectedV1.self, to: FoodEntryCorrected.self) { old in
            FoodEntryCorrected(entryID: old.entryID, day: old.day, meal: old.meal, amountGrams: old.grams)
        },
        Upcaster(ProgramCreatedV1.self, to: ProgramCreated.self) { old in
            ProgramCreated(programID: old.programID, definition: ProgramDefinition(upcasting: old.definition), isPreset: old.isPreset)
        },
        Upcaster(ProgramUpdatedV1.self, to: ProgramUpdated.self) { old in
            ProgramUpdated(programID: old.programID, definition: ProgramDefinition(upcasting: old.definition))
        },
        Upcaster(ProgramDuplicatedV1.self, to: ProgramDuplicated.self) { old in
            ProgramDuplicated(newProgramID: old.newProgramID, sourceProgramID: old.sourceProgramID,
                              definition: ProgramDefinition(upcasting: old.definition))
        },
        // A template of version 1 gave no weights: its items stand as they were.
        Upcaster(TemplateCreatedV1.self, to: TemplateCreated.self) { old in
            TemplateCreated(templateID: old.templateID, name: old.name, notes: old.notes, items: old.items.map(\.item))
        },
        Upcaster(TemplateUpdatedV1.self, to: TemplateUpdated.self) { old in
            TemplateUpdated(templateID: old.templateID, name: old.name, notes: old.notes, items: old.items.map(\.item))
        },
        Upcaster(WorkoutStartedV1.self, to: WorkoutStarted.self) { old in
            WorkoutStarted(workoutID: old.workoutID, type: old.type, name: old.name, templateID: old.templateID,
                           programDay: old.programDay, startedAt: old.startedAt, timeZone: "UTC")
        },
        // A quick log of version 1 was filed under its UTC day: "UTC" keeps every old answer.
        Upcaster(CardioLoggedV1.self, to: CardioLogged.self) { old in
            CardioLogged(workoutID: old.workoutID, activity: old.activity, startedAt: old.startedAt, name: old.name,
                         distanceMetres: old.distanceMetres, durationSeconds: old.durationSeconds,
                         paceSecondsPerKilometre: old.paceSecondsPerKilometre, notes: old.notes, timeZone: "UTC")
        },
        Upcaster(MetconLoggedV1.self, to: MetconLogged.self) { old in
            MetconLogged(workoutID: old.workoutID, format: old.format, startedAt: old.startedAt, name: old.name, rounds: old.rounds,
                         durationSeconds: old.durationSeconds, result: old.result, notes: old.notes, timeZone: "UTC")
        },
    ])
}

extension SetPerformance {
    /// Version 2 of a version 1 set: the kilograms it stored become a mass in kilograms.
    init(upcasting old: SetPerformanceV1) {
        self.init(setType: old.setType, reps: old.reps, weight: old.weightKg.map(Mass.kilograms), durationSeconds: old.durationSeconds,
                  distanceMetres: old.distanceMetres, completed: old.completed, rpe: old.rpe, restSeconds: old.restSeconds,
                  notes: old.notes)
    }
}

extension ProgramDefinition {
    /// Version 2 of a version 1 program: no notes, and its category under the design's name
    /// (strength is "strength training", hypertrophy "bodybuilding", general "general fitness").
    init(upcasting old: ProgramDefinitionV1) {
        self.init(name: old.name, description: old.description, category: ProgramCategory(upcasting: old.category),
                  difficulty: old.difficulty, durationWeeks: old.durationWeeks, progression: old.progression,
                  weeks: old.weeks.map { week in
                      ProgramWeek(number: week.number, name: week.name, phase: week.phase, intensityModifier: week.intensityModifier,
                                  volumeModifier: week.volumeModifier, isDeload: week.isDeload, days: week.days.map { day in
                                      ProgramDay(dayOfWeek: day.dayOfWeek, name: day.name, templateID: day.templateID,
                                                 intensityOverride: day.intensityOverride, volumeOverride: day.volumeOverride,
                                                 suggestedRPE: day.suggestedRPE)
                                  })
                  })
    }
}

extension ProgramCategory {
    /// The category a version 1 category became.
    init(upcasting old: ProgramCategoryV1) {
        switch old {
        case .strength: self = .strengthTraining
        case .hypertrophy: self = .bodybuilding
        case .powerlifting: self = .powerlifting
        case .endurance: self = .endurance
        case .general: self = .generalFitness
        case .custom: self = .custom
        }
    }
}
