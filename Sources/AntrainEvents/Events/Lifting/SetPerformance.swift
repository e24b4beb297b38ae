/// What was done in one set: reps and weight for weight-and-reps and bodyweight exercises, or a
/// duration or a distance for timed and distance exercises.
///
/// Version 1 of the set events stored the weight as a plain number of kilograms (`weightKg`);
/// version 2 keeps the unit it was entered in (see `SetPerformanceV1` and the upcasters).
public struct SetPerformance: Codable, Sendable, Hashable {
    /// Warm-up, normal, drop set or failure.
    public var setType: SetType
    /// Repetitions, 1 to 999.
    public var reps: Int?
    /// The load, in the unit it was entered in; 0 means bodyweight only. With reps, or the load of a timed or distance set (a weighted plank, a carry).
    public var weight: Mass?
    /// For timed exercises: seconds.
    public var durationSeconds: Double?
    /// For distance exercises: metres.
    public var distanceMetres: Double?
    /// Whether the set was done (a planned set not yet done is false).
    public var completed: Bool
    /// Rate of perceived exertion, 1 to 10.
    public var rpe: Double?
    /// Rest after the set, 0 to 600 seconds.
    public var restSeconds: Int?
    /// Notes, at most 200 characters.
    public var notes: String?

    /// A set's performance.
    public init(setType: SetType = .normal, reps: Int? = nil, weight: Mass? = nil, durationSeconds: Double? = nil,
                distanceMetres: Double? = nil, completed: Bool = true, rpe: Double? = nil, restSeconds: Int? = nil,
                notes: String? = nil) {
        self.setType = setType
        self.reps = reps
        self.weight = weight
        self.durationSeconds = durationSeconds
        self.distanceMetres = distanceMetres
        self.completed = completed
        self.rpe = rpe
        self.restSeconds = restSeconds
        self.notes = notes
    }
}

extension SetPerformance: Validatable {
    public func validate(into validator: inout Validator) {
        let measures = (reps != nil ? 1 : 0) + (durationSeconds != nil ? 1 : 0) + (distanceMetres != nil ? 1 : 0)
        validator.check(measures >= 1, "reps", value: "absent, with no duration or distance",
                        allowed: "reps (with an optional weight), a duration or a distance")
        // A weight goes with reps, or is the load of a timed or distance set (a weighted
        // plank, a farmer's carry): the check above already asks for one of the three.
        validator.integer(reps, "reps", LiftingLimits.reps)
        validator.mass(weight, "weight", .atLeast(0))
        if let weight, weight.value.isFinite {
            // Heavier than any lift or sled ever loaded: a typo or a hostile number, never a set.
            validator.check(weight.kilograms <= LiftingLimits.maxLoadKg, "weight", value: weight.description,
                            allowed: "at most \(Int(LiftingLimits.maxLoadKg)) kg")
        }
        validator.number(durationSeconds, "durationSeconds", LiftingLimits.durationSeconds)
        validator.number(distanceMetres, "distanceMetres", .aboveAndAtMost(0, 1_000_000))
        validator.number(rpe, "rpe", LiftingLimits.rpe)
        validator.integer(restSeconds, "restSeconds", LiftingLimits.restSeconds)
        validator.text(notes, "notes", maxLength: LiftingLimits.setNotes)
    }
}
