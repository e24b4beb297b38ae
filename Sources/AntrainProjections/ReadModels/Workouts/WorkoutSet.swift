import AntrainEvents
import Foundation

/// One set of a workout, as it stands after every correction.
///
/// The workout history keeps one per set ever logged, millions in a long log, so the
/// performance is held in 72 bytes rather than as a `SetPerformance` (whose seven optionals
/// take 120 bytes alone): each optional number a lifting set has is a value and a bit in
/// ``present``, and the measures most sets lack (a duration, a distance, notes) are kept
/// apart, in a box that only sets having one of them allocate. ``performance`` puts them
/// back together. A set encodes exactly as it did when it held a `SetPerformance`: id,
/// performance, logged at, corrected.
public struct WorkoutSet: Sendable, Equatable {
    /// The set's id.
    public var setID: UUID
    /// When it was logged.
    public var loggedAt: Timestamp
    private var reps: Int
    private var weight: Double
    private var rpe: Double
    private var restSeconds: Int
    /// The duration, distance and notes; nil when the set has none of them.
    private var rareMeasures: RareSetMeasures?
    private var setType: SetType
    private var weightUnit: MassUnit
    /// Which of the optional numbers above are there (``Field``); absent ones are stored as
    /// 0, so that equal performances give equal sets.
    private var present: UInt8
    private var completed: Bool
    /// Whether a SetCorrected replaced the logged performance.
    public var isCorrected: Bool

    private enum Field {
        static let reps: UInt8 = 1, weight: UInt8 = 2, rpe: UInt8 = 16, rest: UInt8 = 32
    }

    /// A set logged at `loggedAt` with `performance`.
    init(setID: UUID, performance: SetPerformance, loggedAt: Timestamp, isCorrected: Bool) {
        self.setID = setID
        self.loggedAt = loggedAt
        self.isCorrected = isCorrected
        (reps, weight, rpe, restSeconds) = (0, 0, 0, 0)
        (rareMeasures, setType, weightUnit, present, completed) = (nil, .normal, .kilograms, 0, true)
        self.performance = performance
    }

    /// What was done (the latest correction, if any).
    public var performance: SetPerformance {
        get {
            SetPerformance(setType: setType, reps: has(Field.reps) ? reps : nil,
                           weight: has(Field.weight) ? Mass(weight, weightUnit) : nil,
                           durationSeconds: rareMeasures?.durationSeconds, distanceMetres: rareMeasures?.distanceMetres,
                           completed: completed, rpe: has(Field.rpe) ? rpe : nil,
                           restSeconds: has(Field.rest) ? restSeconds : nil, notes: rareMeasures?.notes)
        }
        set {
            present = 0
            setType = newValue.setType
            completed = newValue.completed
            reps = take(newValue.reps, Field.reps) ?? 0
            weight = take(newValue.weight?.value, Field.weight) ?? 0
            weightUnit = newValue.weight?.unit ?? .kilograms
            rpe = take(newValue.rpe, Field.rpe) ?? 0
            restSeconds = take(newValue.restSeconds, Field.rest) ?? 0
            rareMeasures = RareSetMeasures.box(newValue)
        }
    }

    /// Weight × reps in kg, counted only for completed sets that are not warm-ups (the
    /// convention of the app's history); the load is the entered weight, so a bodyweight
    /// exercise counts only its added load.
    public var volumeKg: Double {
        guard completed, setType != .warmup, has(Field.reps) else { return 0 }
        let load = has(Field.weight) ? Mass(weight, weightUnit).kilograms : 0
        return load * Double(reps)
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
    /// Whether it has an entered weight.
    var hasWeight: Bool { has(Field.weight) }
    /// Its RPE, if it has one.
    var rateOfExertion: Double? { has(Field.rpe) ? rpe : nil }
    /// Its duration and distance, the measures most sets lack.
    var durationSeconds: Double? { rareMeasures?.durationSeconds }
    var distanceMetres: Double? { rareMeasures?.distanceMetres }

    /// Its type.
    var type: SetType { setType }
    /// Its entered weight, if it has one, in the unit entered.
    var enteredWeight: Mass? { has(Field.weight) ? Mass(weight, weightUnit) : nil }
    /// Its rest in seconds, if it has one.
    var rest: Int? { has(Field.rest) ? restSeconds : nil }
    /// Its notes, if it has them.
    var notes: String? { rareMeasures?.notes }

    /// Whether its duration, distance and notes are those of `other`: compared without
    /// building either's `SetPerformance` (the stored form compares every set with the one
    /// before it).
    func hasRareMeasures(of other: WorkoutSet) -> Bool { rareMeasures == other.rareMeasures }

    private func has(_ field: UInt8) -> Bool { present & field != 0 }

    /// `value`, marking `field` present when it is there.
    private mutating func take<Value>(_ value: Value?, _ field: UInt8) -> Value? {
        if value != nil { present |= field }
        return value
    }
}

extension WorkoutSet: Codable {
    private enum CodingKeys: String, CodingKey {
        case setID, performance, loggedAt, isCorrected
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(setID: try container.decode(UUID.self, forKey: .setID),
                  performance: try container.decode(SetPerformance.self, forKey: .performance),
                  loggedAt: try container.decode(Timestamp.self, forKey: .loggedAt),
                  isCorrected: try container.decode(Bool.self, forKey: .isCorrected))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(setID, forKey: .setID)
        try container.encode(performance, forKey: .performance)
        try container.encode(loggedAt, forKey: .loggedAt)
        try container.encode(isCorrected, forKey: .isCorrected)
    }
}

/// The measures of a set that most sets lack: kept out of ``WorkoutSet`` so that the sets
/// without them (nearly all lifting sets) are 24 bytes smaller. Immutable: a correction
/// replaces the box.
final class RareSetMeasures: Sendable, Equatable {
    let durationSeconds: Double?
    let distanceMetres: Double?
    let notes: String?

    /// The box for `performance`, or nil when it has no duration, distance or notes: checked
    /// before the box is made, since a failable class initializer allocates the object first
    /// (and a replay logs millions of sets without any of them).
    static func box(_ performance: SetPerformance) -> RareSetMeasures? {
        guard performance.durationSeconds != nil || performance.distanceMetres != nil || performance.notes != nil else {
            return nil
        }
        return RareSetMeasures(performance)
    }

    private init(_ performance: SetPerformance) {
        durationSeconds = performance.durationSeconds
        distanceMetres = performance.distanceMetres
        notes = performance.notes
    }

    static func == (lhs: RareSetMeasures, rhs: RareSetMeasures) -> Bool {
        lhs.durationSeconds == rhs.durationSeconds && lhs.distanceMetres == rhs.distanceMetres && lhs.notes == rhs.notes
    }
}
