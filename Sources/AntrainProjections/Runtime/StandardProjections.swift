import AntrainEvents

/// Every read model Antrain answers questions from, each in its own projection, ready for
/// one runner: what `antrain-log rebuild` rebuilds and what a full replay feeds.
///
/// ```swift
/// let standard = LegacyStandardProjections()
/// let runner = ProjectionRunner(log: log, projections: standard.all,
///                               checkpoints: CheckpointStore(logDirectory: path))
/// try await runner.catchUp()
/// let heaviest = await standard.personalRecords.read { $0.allRecords() }
/// ```
public struct LegacyStandardProjections: Sendable {
    /// Workouts with their exercises and sets after corrections.
    public let workoutHistory = Projection<LegacyWorkoutHistory>()
    /// Records per exercise and how they progressed, and the exercise model's cached totals
    /// (``LegacyPersonalRecords/exerciseTotals()``), worked out from the same sets.
    public let personalRecords = Projection<LegacyPersonalRecords>()
    /// Calories and macros per day and meal, against the goals.
    public let dailyNutrition = Projection<LegacyDailyNutrition>()
    /// LegacyBodyweight entries, daily values and the moving average.
    public let bodyweight = Projection<LegacyBodyweight>()
    /// Exercises, categories, foods, templates and programs as they stand.
    public let library = Projection<LegacyLibrary>()
    /// The active program, adherence and the next suggested loads.
    public let programs = Projection<LegacyProgramProgress>()
    /// Weekly volume, sets per muscle group and streaks.
    public let trainingSummary = Projection<LegacyTrainingSummary>()

    /// A fresh set of projections, each at the start of the log.
    public init() {}

    /// All of them, in a fixed order.
    public var all: [any ProjectionHost] {
        [workoutHistory, personalRecords, dailyNutrition, bodyweight, library, programs, trainingSummary]
    }

    /// The names `rebuild` accepts, in the order of ``all``.
    public static let names = LegacyStandardProjections().all.map(\.name)

    /// The projections called `names`, in the order of ``all``.
    ///
    /// - Throws: ``ProjectionError/unknownProjection(_:known:)`` naming the first unknown one.
    public func named(_ names: Set<String>) throws(ProjectionError) -> [any ProjectionHost] {
        if let unknown = names.subtracting(Self.names).sorted().first {
            throw .unknownProjection(unknown, known: Self.names)
        }
        return all.filter { names.contains($0.name) }
    }
}
