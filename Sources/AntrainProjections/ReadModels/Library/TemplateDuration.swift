import AntrainEvents

/// How long a template takes, as the workout builder estimates it (its data model,
/// `WorkoutItem.estimatedDuration` and `Workout.estimatedDuration`):
///
/// - sets of repetitions: 3 seconds a rep for every set, plus the rest after every set
///   (the last one too): `sets × (reps × 3 + rest)`;
/// - a timed exercise: its duration, once (a timed step is one bout);
/// - a break: its duration.
///
/// The template's estimate is the sum of its steps. Warm-ups, changing weights and walking
/// between stations are not counted, as the builder does not count them.
extension TemplateItem {
    /// The seconds a rep takes in the estimate.
    public static let estimatedSecondsPerRep = 3

    /// This step's share of the template's estimated duration, in seconds.
    public var estimatedSeconds: Int {
        switch self {
        case let .exercise(_, _, .repetitions(sets, repsPerSet, restSeconds, _)):
            return sets * (repsPerSet * Self.estimatedSecondsPerRep + restSeconds)
        case let .exercise(_, _, .time(durationSeconds)):
            return durationSeconds
        case let .break(_, durationSeconds):
            return durationSeconds
        }
    }
}

extension LibraryTemplate {
    /// The estimated duration of the whole template, in seconds: the sum of its steps'
    /// `TemplateItem/estimatedSeconds`.
    public var estimatedDurationSeconds: Int { items.reduce(0) { $0 + $1.estimatedSeconds } }
}
