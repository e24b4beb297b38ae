import Foundation

/// The exercise a cardio activity is, so that a quick-logged session counts where a set of that
/// exercise counts: in its records (longest distance, longest time, fastest pace), its totals,
/// `history` and the sets export (issue 38: a run logged on its own is a run).
extension CardioActivity {
    /// The exercise a session of this activity counts as: the preset of the built-in library
    /// for run (Running), row (Rowing Machine) and swim (Swimming); for the others, which the
    /// library has no preset for (its Stationary Bike is a timed exercise, a ride outdoors is
    /// not), an id of the activity's own, named by ``exerciseName``.
    public var exerciseID: UUID {
        switch self {
        case .run: UUID.stable("preset", "exercise", "running")
        case .row: UUID.stable("preset", "exercise", "rowing-machine")
        case .swim: UUID.stable("preset", "exercise", "swimming")
        case .bike, .walk, .elliptical, .ski: UUID.stable("activity", rawValue)
        }
    }

    /// The name of ``exerciseID`` where the library does not name it: the preset's name, or
    /// the activity's as a noun ("Cycling").
    public var exerciseName: String {
        switch self {
        case .run: "Running"
        case .row: "Rowing Machine"
        case .swim: "Swimming"
        case .bike: "Cycling"
        case .walk: "Walking"
        case .elliptical: "Elliptical"
        case .ski: "Skiing"
        }
    }

    /// The activity whose ``exerciseName`` or raw value is `name`, ignoring case and
    /// surrounding space ("cycling", "Bike"), if any.
    public init?(exerciseNamed name: String) {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue == wanted || $0.exerciseName.lowercased() == wanted })
        else { return nil }
        self = found
    }
}

extension CardioLogged {
    /// The set the session is, as the training read models count it: one done set of the
    /// activity's exercise, of its duration and distance.
    public var performance: SetPerformance {
        SetPerformance(setType: .normal, durationSeconds: durationSeconds, distanceMetres: distanceMetres, completed: true)
    }

    /// The id of the entry that holds the session's set in its workout: derived from the
    /// workout, as no event names it.
    public var entryID: UUID { UUID.stable("quick-log", workoutID.uuidString, "entry") }

    /// The id of the session's set: derived from the workout, as no event names it.
    public var setID: UUID { UUID.stable("quick-log", workoutID.uuidString, "set") }

    /// When the session ended: what its set is dated by (a record it sets was set then).
    public var endedAt: Timestamp { startedAt.adding(seconds: durationSeconds) }
}
