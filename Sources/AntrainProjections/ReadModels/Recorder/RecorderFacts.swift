import AntrainEvents
import AntrainLog
import Foundation

/// What the command rules check a command against, read from the keys each rule needs: the
/// workouts (`RecorderProjection`), the library (``Library``), the active program
/// (`ProgramsProjection`'s `active` key), the units (``Settings``) and the diary's days
/// (``DailyNutrition``: a correction or removal names an entry of one day), all in one store
/// that the `Recorder` catches up once per command.
///
/// ```swift
/// let facts = try await recorder.facts()
/// if let active = try facts.activeWorkoutID() {
///     let sets = try await facts.contents(of: active)?.sets.count ?? 0
/// }
/// let units = try facts.units()
/// ```
///
/// Stream versions are not kept here: the log's writer answers them
/// (`EventLog.streamVersion(of:)`). The sets of a workout that ended are not kept either:
/// ``contents(of:)`` reads them back from the workout's range of the log.
public struct RecorderFacts: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [RecorderProjection.self, ProgramsProjection.self]
        + Library.models + Settings.models + DailyNutrition.models
    private let store: any KeyedStateStore
    /// The log the workouts' offsets point into.
    let log: any LogWriter

    /// Answers from `store`, caught up with `log` for `models`.
    public init(_ store: any KeyedStateStore, log: any LogWriter) {
        self.store = store
        self.log = log
    }

    /// The library: which exercises, templates, programs and foods exist, are presets or
    /// were deleted, and their names.
    public var library: Library { Library(store) }

    /// The units plain numbers are read in: the user's choice, else kilograms and kilometres.
    public func units() throws -> UnitSettings { try Settings(store).units() }

    /// The program followed, if any.
    public func activeProgramID() throws -> UUID? {
        let keyspace = ProgramsProjection.active
        return try store.read { state in
            try state.value(in: keyspace, key: ProgramsProjection.activeKey.keyBytes).map { try ActivePlan.decoded($0, in: keyspace).programID }
        }
    }

    /// The entries of `day`'s diary as they stand, meal by meal, each in the order logged:
    /// the day's diary row, with the ids of its entries read back from the log.
    public func diaryEntries(on day: CalendarDay) throws -> [DiaryEntry] {
        try DailyNutrition(store, events: EventLookup(log: log)).day(day).meals.flatMap(\.entries)
    }

    /// The entry with this id in `day`'s diary, as it stands; nil when the day holds none
    /// (never logged there, or removed).
    public func diaryEntry(_ entryID: UUID, on day: CalendarDay) throws -> DiaryEntry? {
        try diaryEntries(on: day).last { $0.entryID == entryID }
    }

    // MARK: Workouts

    /// The workout started last and not completed, cancelled or deleted since, if any.
    public func activeWorkoutID() throws -> UUID? {
        let keyspace = RecorderProjection.current
        return try store.read { state in
            try state.value(in: keyspace, key: RecorderProjection.activeKey.keyBytes).map { try ActiveWorkout.decoded($0, in: keyspace).id }
        }
    }

    /// The workout with this id, whatever its status; nil when no workout has it.
    public func workout(_ id: UUID) throws -> RecordedWorkout? {
        let keyspace = RecorderProjection.workouts
        return try store.read { state in try state.value(in: keyspace, key: id.keyBytes).map { try RecordedWorkout.decoded($0, in: keyspace) } }
    }

    /// The ids of the workouts (deleted ones too) whose id starts with the hex digits of
    /// `prefix` (any case, dashes ignored), in the order they were first made: one range of
    /// keys, however many workouts the log holds. Empty when `prefix` is not hex digits.
    public func workouts(idPrefix prefix: String) throws -> [UUID] {
        guard let range = HexKeyRange(prefix) else { return [] }
        let keyspace = RecorderProjection.workouts
        let found = try store.read { state in
            try state.entries(in: keyspace, from: range.lower, below: range.upper, descending: false, limit: nil).compactMap { entry in
                try UUID(keyBytes: entry.key).map { ($0, try RecordedWorkout.decoded(entry.value, in: keyspace).firstOffset) }
            }
        }
        return found.filter { range.matches($0.0) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The workout's entries and sets; nil when no workout has this id. The active workout's
    /// are kept in the state; any other's are folded again from its events in the log.
    public func contents(of id: UUID) async throws -> WorkoutContents? {
        guard let workout = try workout(id) else { return nil }
        if workout.status == .active {
            let keyspace = RecorderProjection.live
            let kept = try store.read { state in
                try state.value(in: keyspace, key: id.keyBytes).map { try WorkoutContents.decoded($0, in: keyspace) }
            }
            if let kept { return kept }
        }
        return try await readBack(id, workout)
    }

    /// What a set of the workout records now: its `SetLogged` with its later corrections
    /// applied, read back from the log; nil when the workout holds no such set (never logged,
    /// or removed).
    public func performance(ofSet setID: UUID, in workoutID: UUID) async throws -> SetPerformance? {
        try await performances(in: workoutID)[setID]
    }

    /// What each set the workout holds records now, by set id, read back from the log in one
    /// pass: for rules that weigh several sets (which planned set a typed one fills, the last
    /// figures of an exercise). The first `SetLogged` of an id stands, as in history.
    public func performances(in workoutID: UUID) async throws -> [UUID: SetPerformance] {
        guard let workout = try workout(workoutID) else { return [:] }
        var performances: [UUID: SetPerformance] = [:]
        try await forEachEvent(of: workoutID, workout) { event in
            switch event {
            case let logged as SetLogged where performances[logged.setID] == nil: performances[logged.setID] = logged.performance
            case let corrected as SetCorrected where performances[corrected.setID] != nil:
                performances[corrected.setID] = corrected.performance
            case let removed as SetRemoved: performances[removed.setID] = nil
            default: break
            }
            return true
        }
        return performances
    }

    /// When the workout started: the instant of its first `WorkoutStarted`, read from the log;
    /// nil when there is no such workout or it never started (a quick log).
    public func startedAt(of id: UUID) async throws -> Timestamp? {
        guard let workout = try workout(id) else { return nil }
        var started: Timestamp?
        try await forEachEvent(of: id, workout) { event in
            guard let start = event as? WorkoutStarted else { return true }
            started = start.startedAt
            return false
        }
        return started
    }

    /// When a completed workout ran: the instant of its first `WorkoutStarted` and the end its
    /// last `WorkoutCompleted` gave, read from the log; nil when it has no such pair.
    public func span(of id: UUID) async throws -> (start: Timestamp, end: Timestamp)? {
        guard let workout = try workout(id) else { return nil }
        var start: Timestamp?, end: Timestamp?
        try await forEachEvent(of: id, workout) { event in
            if let started = event as? WorkoutStarted, start == nil { start = started.startedAt }
            if let completed = event as? WorkoutCompleted { end = completed.endedAt }
            return true
        }
        guard let start, let end else { return nil }
        return (start, end)
    }
}
