import AntrainEvents
import Foundation
import Testing

/// The words of the catalogue, from the doc comments in Sources/AntrainEvents/Events.
enum CatalogueText {
    static let beginMarker = "<!-- catalogue:begin -->"
    static let endMarker = "<!-- catalogue:end -->"

    /// The catalogue's sections, each with its event types (listed in ``KnownEventTypes/all`` order).
    static let areas: [(title: String, types: [String])] = [
        ("Lifting", ["WorkoutStarted", "ExerciseAddedToWorkout", "SetLogged", "SetCorrected", "SetRemoved",
                     "ExerciseRemovedFromWorkout", "ExercisesReordered", "WorkoutNotesChanged", "WorkoutRPERecorded",
                     "WorkoutCompleted", "WorkoutCancelled", "WorkoutDeleted"]),
        ("Exercise library", ["ExerciseCreated", "ExerciseUpdated", "ExerciseDeleted",
                              "ExerciseCategoryCreated", "ExerciseCategoryRenamed", "ExerciseCategoryDeleted"]),
        ("Templates", ["TemplateCreated", "TemplateUpdated", "TemplateDeleted"]),
        ("Programs", ["ProgramCreated", "ProgramUpdated", "ProgramDuplicated", "ProgramDeleted", "ProgramActivated", "ProgramDeactivated"]),
        ("Quick logs", ["CardioLogged", "MetconLogged"]),
        ("Nutrition", ["FoodItemCreated", "FoodItemUpdated", "FoodItemDeleted", "FoodFavourited",
                       "FoodLogged", "FoodEntryCorrected", "FoodEntryRemoved"]),
        ("Profile and body", ["ProfileUpdated", "BodyweightRecorded", "SettingsChanged"]),
    ]

    /// The stream of each event type; `<field>` stands for that field of the event.
    static let streams: [String: String] = [
        "WorkoutStarted": "workout-<workoutID>", "ExerciseAddedToWorkout": "workout-<workoutID>",
        "SetLogged": "workout-<workoutID>", "SetCorrected": "workout-<workoutID>", "SetRemoved": "workout-<workoutID>",
        "ExerciseRemovedFromWorkout": "workout-<workoutID>", "ExercisesReordered": "workout-<workoutID>",
        "WorkoutNotesChanged": "workout-<workoutID>", "WorkoutRPERecorded": "workout-<workoutID>",
        "WorkoutCompleted": "workout-<workoutID>", "WorkoutCancelled": "workout-<workoutID>", "WorkoutDeleted": "workout-<workoutID>",
        "ExerciseCreated": "exercise-<exerciseID>", "ExerciseUpdated": "exercise-<exerciseID>", "ExerciseDeleted": "exercise-<exerciseID>",
        "ExerciseCategoryCreated": "category-<categoryID>", "ExerciseCategoryRenamed": "category-<categoryID>",
        "ExerciseCategoryDeleted": "category-<categoryID>",
        "TemplateCreated": "template-<templateID>", "TemplateUpdated": "template-<templateID>", "TemplateDeleted": "template-<templateID>",
        "ProgramCreated": "program-<programID>", "ProgramUpdated": "program-<programID>",
        "ProgramDuplicated": "program-<newProgramID>", "ProgramDeleted": "program-<programID>",
        "ProgramActivated": "active-program", "ProgramDeactivated": "active-program",
        "CardioLogged": "workout-<workoutID>", "MetconLogged": "workout-<workoutID>",
        "FoodItemCreated": "food-<foodID>", "FoodItemUpdated": "food-<foodID>", "FoodItemDeleted": "food-<foodID>",
        "FoodFavourited": "food-<foodID>",
        "FoodLogged": "diary-<day>", "FoodEntryCorrected": "diary-<day>", "FoodEntryRemoved": "diary-<day>",
        "ProfileUpdated": "profile", "BodyweightRecorded": "bodyweight", "SettingsChanged": "settings",
    ]

    /// What each event type and value type means.
    static let descriptions: [String: String] = [
        "WorkoutStarted": "A workout began: a live lifting session, or the start of a cardio or metcon session.",
        "ExerciseAddedToWorkout": "An exercise was added to a workout, at a position in its order.",
        "SetLogged": "A set was logged for an exercise of a workout: done, or planned (`performance.completed` false) when a workout starts from a template or a program day. One that follows the workout's `WorkoutCompleted` is a set forgotten then, added afterwards with the time it was done.",
        "SetCorrected": "A logged set was corrected: the new performance replaces the old one in read models, and the original event stays in the log.",
        "SetRemoved": "A set was removed from a workout.",
        "ExerciseRemovedFromWorkout": "An exercise and its sets were taken out of a workout.",
        "ExercisesReordered": "The workout's exercises were put in a new order.",
        "WorkoutNotesChanged": "The workout's notes were replaced (an empty text clears them).",
        "WorkoutRPERecorded": "How hard the whole workout felt, on the RPE scale of 1 to 10.",
        "WorkoutCompleted": "The workout was finished.",
        "WorkoutCancelled": "The workout was abandoned before completion; its sets stay in history as cancelled.",
        "WorkoutDeleted": "The user deleted the workout: read models drop it; the log keeps every event of it.",
        "ExerciseCreated": "An exercise was added to the library: a preset shipped with the app, or one the user made.",
        "ExerciseUpdated": "An exercise of the library was edited: its definition is replaced in full.",
        "ExerciseDeleted": "An exercise was taken out of the library; workouts that logged it keep their sets.",
        "ExerciseCategoryCreated": "The user made a category of their own (\"Push\", \"Mobility\") to group exercises beyond the built-in `ExerciseCategory`; exercises join it through `ExerciseDefinition.categoryIDs`.",
        "ExerciseCategoryRenamed": "A category was given a new name.",
        "ExerciseCategoryDeleted": "A category was deleted; its exercises stay in the library.",
        "TemplateCreated": "A workout template was made: a named, ordered plan of exercises and breaks that a workout can be started from.",
        "TemplateUpdated": "A template was edited: its name, notes and items are replaced in full.",
        "TemplateDeleted": "A template was deleted; workouts started from it keep their exercises.",
        "ProgramCreated": "A training program was made: a preset shipped with the app, or one the user wrote.",
        "ProgramUpdated": "A program was edited: its definition is replaced in full.",
        "ProgramDuplicated": "A program was copied into a new one the user owns (never a preset), which starts the new program's stream and stands on its own: it holds the whole copied definition, so later changes to the source do not reach it.",
        "ProgramDeleted": "A program was deleted; workouts started from it keep their reference to it.",
        "ProgramActivated": "The user started following a program; any program active before is no longer. On the one stream `active-program`, so that activations and deactivations have one order.",
        "ProgramDeactivated": "The user stopped following a program before or after its end.",
        "CardioLogged": "A cardio session was logged after the fact, in one event: what, when, how long and how far. When distance and pace are both given they must agree with the duration.",
        "MetconLogged": "A metcon (AMRAP, EMOM or for time) was logged after the fact, in one event.",
        "FoodItemCreated": "A food was added to the library: one the user made, or a preset shipped with the app.",
        "FoodItemUpdated": "A food's definition was replaced in full; diary entries keep the snapshot they were logged with.",
        "FoodItemDeleted": "The user deleted a food: it leaves the library; diary entries that name it stay.",
        "FoodFavourited": "A food was marked as a favourite, or unmarked.",
        "FoodLogged": "A food was eaten: an entry in one day's diary. The entry keeps a snapshot of the food's name and nutrients, so that later changes to the food leave past days as they were.",
        "FoodEntryCorrected": "A diary entry was corrected: its meal and amount replace the old ones in read models. An entry stays on the day it was logged; moving food to another day is a removal and a new entry.",
        "FoodEntryRemoved": "A diary entry was removed from its day.",
        "ProfileUpdated": "The user's profile changed: the fields given replace the current ones, absent fields keep their values. The goals apply from `effectiveFrom` on, so that past days are judged by the goals they had.",
        "BodyweightRecorded": "A bodyweight was recorded.",
        "SettingsChanged": "The app's display settings were changed; every setting is given, so the latest event is the state.",
        // Value types
        "ProgramDayReference": "The program day a workout was started from.",
        "SetPerformance": "What was done in one set: reps and weight for weight-and-reps and bodyweight exercises, or a duration or a distance for timed and distance exercises.",
        "ExerciseDefinition": "Everything that defines an exercise of the library, stated in full by `ExerciseCreated` and again by every `ExerciseUpdated`, so that one event tells what the exercise is.",
        "TemplateItem": "One step of a template, at its position: an exercise, or a break between exercises.",
        "ProgramDefinition": "Everything that defines a training program, stated in full by `ProgramCreated`, `ProgramUpdated` and `ProgramDuplicated`, so that one event tells what the program is.",
        "ProgramWeek": "One week of a program: how hard and how much relative to its templates, and its days.",
        "ProgramDay": "One training day of a program week: which template to do, and any change to the week's intensity and volume for it.",
        "FoodDefinition": "What a food of the library is: its name, brand, nutrients and usual serving. One shape serves creation and updates, so that an update always carries the whole definition.",
        "Nutrients": "Energy and macronutrients in 100 g of a food.",
        "NutritionGoals": "Daily nutrition targets.",
    ]

    /// A field's name, what it means, and its type when reflection cannot tell it.
    struct Field {
        var name: String
        var meaning: String
        var type: String?

        init(_ name: String, _ meaning: String, type: String? = nil) {
            self.name = name
            self.meaning = meaning
            self.type = type
        }
    }


    /// Value types whose coded form is not their stored properties: their table is written here.
    static let handWrittenValueTypes: Set<String> = ["TemplateItem"]

    /// Extra paragraphs after a type's table.
    static let notes: [String: String] = [
        "TemplateItem": "Its coded form is flat: `kind` (and, for an exercise, `target`) says which fields follow, in the order of the table. "
            + "An exercise of sets: `kind`, `position`, `exerciseID`, `target`, `sets`, `repsPerSet`, `restSeconds`, then `weight` "
            + "(a presence byte, then the mass; version 1 of the template events ends at `restSeconds`); "
            + "a timed exercise: `kind`, `position`, `exerciseID`, `target`, `durationSeconds`; a break: `kind`, `position`, `durationSeconds`.",
    ]

    static let valueTypesIntro = "The structured values inside events, in the same forms: fields in declaration order, which is their binary order. "
        + "`Mass`, `Timestamp` and `CalendarDay` are described under [Values](#values)."

    static let enumerationsIntro = "Enumerations are stored as their raw strings, in JSON and in binary; any other string is refused."

    /// An enumeration's name, raw values (from the code) and meaning.
    struct Enumeration {
        var name: String
        var values: [String]
        var meaning: String

        init<E: CaseIterable & RawRepresentable>(_ type: E.Type, _ meaning: String) where E.RawValue == String {
            name = String(describing: type)
            values = type.allCases.map(\.rawValue)
            self.meaning = meaning
        }
    }

    static let enumerations: [Enumeration] = [
        Enumeration(WorkoutType.self, "What kind of session a workout is."),
        Enumeration(SetType.self, "The role of a set within an exercise: a warm-up set is counted in history, never for records."),
        Enumeration(ExerciseCategory.self, "The built-in category of an exercise, which decides where the library lists it."),
        Enumeration(ExerciseKind.self, "How an exercise's sets are measured, which decides the fields a set logs."),
        Enumeration(Equipment.self, "What an exercise is done with."),
        Enumeration(MuscleGroup.self, "A muscle group an exercise trains. `core` and `legs` are the seeds' broad groups, for exercises not filed by muscle."),
        Enumeration(ProgramCategory.self, "What a training program mainly develops: the app design's six, then `endurance` and `custom` from version 1. Read also: version 1's `strength`, `hypertrophy` and `general` (as `strengthTraining`, `bodybuilding`, `generalFitness`) and the design's display names (\"Strength Training\")."),
        Enumeration(ProgramDifficulty.self, "Who a program is written for."),
        Enumeration(ProgressionPattern.self, "How a program's load rises from week to week (`threeOneDeload`: three weeks of building, then one lighter week); `program add` writes each week's modifiers from it (docs/CLI.md)."),
        Enumeration(CardioActivity.self, "What kind of cardio a session was."),
        Enumeration(MetconFormat.self, "How a metcon is structured and scored."),
        Enumeration(FoodCategory.self, "The shelf a food sits on in the library."),
        Enumeration(Meal.self, "The meal a diary entry belongs to."),
        Enumeration(Sex.self, "The sex the user gives, for energy estimates."),
        Enumeration(ActivityLevel.self, "How active the user is outside training, for energy estimates."),
        Enumeration(MassUnit.self, "The unit a mass was entered in (1 lb = 0.45359237 kg)."),
        Enumeration(DistanceUnit.self, "The unit distances are shown in."),
    ]
}
