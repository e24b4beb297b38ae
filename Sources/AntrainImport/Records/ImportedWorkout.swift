import AntrainEvents

/// A workout read from another app's export, before it becomes events: what the file says,
/// in Antrain's units, with the line of each set for messages.
public struct ImportedWorkout: Sendable, Equatable {
    /// The workout's name in the export, if it has one.
    public var name: String?
    /// When it started (the export's local time, resolved in the import's time zone).
    public var startedAt: Timestamp
    /// The IANA time zone the start was read in.
    public var timeZone: String
    /// How long it lasted, when the export says.
    public var durationSeconds: Double?
    /// Notes on the whole workout.
    public var notes: String?
    /// Its exercises, in the order they first appear.
    public var exercises: [ImportedExercise]

    /// Every set of every exercise.
    public var setCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }
}

/// One exercise of an imported workout and its sets.
public struct ImportedExercise: Sendable, Equatable {
    /// The exercise's name as the export writes it.
    public var name: String
    /// The category (muscle group) the export gives, if any.
    public var category: String?
    /// Notes on the exercise in this workout.
    public var notes: String?
    /// Its sets, in order.
    public var sets: [ImportedSet]
}

/// One set, in Antrain's terms.
public struct ImportedSet: Sendable, Equatable {
    /// The line of the export it comes from.
    public var line: Int
    /// Warm-up, normal, drop set or failure.
    public var setType: SetType
    /// Repetitions, for rep sets.
    public var reps: Int?
    /// The load, in the unit the export gives (or the import's `--weight-unit`).
    public var weight: Mass?
    /// Seconds, for timed sets.
    public var durationSeconds: Double?
    /// Metres, for distance sets.
    public var distanceMetres: Double?
    /// Rate of perceived exertion, 1 to 10.
    public var rpe: Double?
    /// The set's notes.
    public var notes: String?

    /// The set as a performance of the event vocabulary.
    public var performance: SetPerformance {
        // A weight without reps, time or distance is no set: the reader skips such rows.
        SetPerformance(setType: setType, reps: reps, weight: reps == nil && durationSeconds == nil && distanceMetres == nil ? nil : weight,
                       durationSeconds: durationSeconds,
                       distanceMetres: distanceMetres, completed: true, rpe: rpe, notes: notes)
    }
}

/// A food diary entry read from a nutrition app's export.
public struct ImportedFoodEntry: Sendable, Equatable {
    /// The line of the export it comes from.
    public var line: Int
    /// The day it was eaten.
    public var day: CalendarDay
    /// The time of day, when the export gives one ("07:30").
    public var time: String?
    /// The meal or group ("Breakfast", "Snacks").
    public var meal: String
    /// The food's name in the export.
    public var foodName: String
    /// The amount eaten, as a number and the unit the export writes ("g", "tsp", "serving").
    public var amount: Double
    /// The amount's unit.
    public var unit: String
    /// Energy of the amount eaten, kcal.
    public var calories: Double
    /// Protein of the amount eaten, grams.
    public var proteinGrams: Double
    /// Carbohydrates of the amount eaten, grams.
    public var carbsGrams: Double
    /// Fat of the amount eaten, grams.
    public var fatGrams: Double
}

/// What reading an export gave: its workouts or food entries, and the rows left out.
public struct ImportedFile: Sendable, Equatable {
    /// The export's format.
    public var format: ImportFormat
    /// Workouts, in the order of their start.
    public var workouts: [ImportedWorkout] = []
    /// Food entries, in file order.
    public var foods: [ImportedFoodEntry] = []
    /// Rows that are not sets or entries, with their lines and reasons.
    public var skipped: [SkippedRow] = []
    /// The data rows the file holds (the header and blank lines not counted).
    public var rows = 0
}
