import AntrainEvents
import Foundation

/// A set as the training model keeps it, notes apart: a plain value, with nothing in it
/// counted by reference, so that copying a set (or an array of them) copies bytes and
/// freeing an array of sets is one free.
///
/// The workout history keeps one per set ever logged, millions in a long log. Each optional
/// number is a value and a bit in ``present`` (absent ones are 0, so that equal
/// performances give equal figures); a set's notes, the one measure that is not a number,
/// are held by its workout (``TrainingWorkout/setNotes``) and only flagged here
/// (``hasNotes``). ``WorkoutSet`` puts the two back together for queries. When the set held
/// its rare measures in a class box, every copy of it retained the box, and every array of
/// sets was destroyed set by set (3 to 4 % of a rebuild's processor time).
struct SetFigures: Sendable, Equatable {
    /// The set's id.
    var setID: UUID
    /// When it was logged.
    var loggedAt: Timestamp
    /// Whether a SetCorrected replaced the logged performance.
    var isCorrected: Bool
    private var reps = 0
    private var weight = 0.0
    private var rpe = 0.0
    private var restSeconds = 0
    private var duration = 0.0
    private var distance = 0.0
    private var setType = SetType.normal
    private var weightUnit = MassUnit.kilograms
    /// Which of the optional numbers above are there (``Field``).
    private var present: UInt8 = 0
    private var completed = true
    /// Whether the set has notes (its workout holds them).
    private(set) var hasNotes = false

    private enum Field {
        static let reps: UInt8 = 1, weight: UInt8 = 2, duration: UInt8 = 4, distance: UInt8 = 8, rpe: UInt8 = 16, rest: UInt8 = 32
    }

    /// A set logged at `loggedAt` with `performance` (its notes only flagged).
    init(setID: UUID, performance: SetPerformance, loggedAt: Timestamp, isCorrected: Bool) {
        self.setID = setID
        self.loggedAt = loggedAt
        self.isCorrected = isCorrected
        take(performance)
    }

    /// Takes the numbers of `performance` in place of its own, and whether it has notes.
    mutating func take(_ performance: SetPerformance) {
        present = 0
        setType = performance.setType
        completed = performance.completed
        reps = store(performance.reps, Field.reps) ?? 0
        weight = store(performance.weight?.value, Field.weight) ?? 0
        weightUnit = performance.weight?.unit ?? .kilograms
        duration = store(performance.durationSeconds, Field.duration) ?? 0
        distance = store(performance.distanceMetres, Field.distance) ?? 0
        rpe = store(performance.rpe, Field.rpe) ?? 0
        restSeconds = store(performance.restSeconds, Field.rest) ?? 0
        hasNotes = performance.notes != nil
    }

    /// What was done, with `notes` (its workout's note for it, if any).
    func performance(notes: String?) -> SetPerformance {
        SetPerformance(setType: setType, reps: repetitions, weight: enteredWeight, durationSeconds: durationSeconds,
                       distanceMetres: distanceMetres, completed: completed, rpe: rateOfExertion, restSeconds: rest, notes: notes)
    }

    /// Weight × reps in kg, counted only for completed sets that are not warm-ups (the
    /// convention of the app's history); the load is the entered weight, so a bodyweight
    /// exercise counts only its added load.
    var volumeKg: Double {
        guard completed, setType != .warmup, has(Field.reps) else { return 0 }
        return loadKilograms * Double(reps)
    }

    /// Whether it was done.
    var isCompleted: Bool { completed }
    /// Completed and not a warm-up.
    var isWorking: Bool { completed && setType != .warmup }
    /// A completed working set with reps and a weight: what a program's suggestion starts from.
    var isWorkingWithLoad: Bool { completed && setType != .warmup && has(Field.reps) && has(Field.weight) }
    /// Its reps, if it has them.
    var repetitions: Int? { has(Field.reps) ? reps : nil }
    /// Its entered weight in kg (0 without one).
    var loadKilograms: Double { has(Field.weight) ? Mass(weight, weightUnit).kilograms : 0 }
    /// Its RPE, if it has one.
    var rateOfExertion: Double? { has(Field.rpe) ? rpe : nil }
    /// Its duration, if it has one.
    var durationSeconds: Double? { has(Field.duration) ? duration : nil }
    /// Its distance, if it has one.
    var distanceMetres: Double? { has(Field.distance) ? distance : nil }
    /// Its type.
    var type: SetType { setType }
    /// Its entered weight, if it has one, in the unit entered.
    var enteredWeight: Mass? { has(Field.weight) ? Mass(weight, weightUnit) : nil }
    /// Its rest in seconds, if it has one.
    var rest: Int? { has(Field.rest) ? restSeconds : nil }

    private func has(_ field: UInt8) -> Bool { present & field != 0 }

    /// `value`, marking `field` present when it is there.
    private mutating func store<Value>(_ value: Value?, _ field: UInt8) -> Value? {
        if value != nil { present |= field }
        return value
    }
}
