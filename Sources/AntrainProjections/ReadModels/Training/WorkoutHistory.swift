import AntrainEvents
import Foundation

/// Every workout with its status, exercises and sets after all corrections, and the quick-log
/// data of cardio and metcon sessions; the workout list, newest first.
///
/// ```swift
/// let store = try await ProjectionStore(logDirectory: path, models: WorkoutHistory.models).catchUp(log).store
/// let history = WorkoutHistory(store, events: EventLookup(log: log))
/// for line in try history.summaries(WorkoutFilter(type: .lifting), limit: 20) { print(line.startedAt, line.volumeKg) }
/// let workout = try history.workout(id)          // one key, with its sets
/// ```
///
/// A workout that was started and never completed or cancelled stays `active`, so a session a
/// crash cut short can be resumed. A deleted workout keeps its data with status `deleted`, and
/// lists leave it out unless asked. Set counts include warm-ups; volume does not (see
/// ``WorkoutSet/volumeKg``). A list reads the list columns of the workouts it shows, newest
/// first, and stops when it has them: it never decodes a workout's sets.
public struct WorkoutHistory: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [TrainingProjection.self]
    private let store: any KeyedStateStore
    private let events: EventLookup

    /// Answers from `store`, caught up with the log, reading the ids of sets and entries back
    /// from the log through `events` (the state keeps the offsets of the events that hold them).
    public init(_ store: any KeyedStateStore, events: EventLookup) {
        self.store = store
        self.events = events
    }

    /// The list lines of the workouts `filter` admits, newest start first (ties: the one seen
    /// first), at most `limit`.
    public func summaries(_ filter: WorkoutFilter = WorkoutFilter(), limit: Int? = nil) throws -> [WorkoutSummary] {
        try lines(filter, limit: limit).map(\.summary)
    }

    /// The workouts `filter` admits, in full, newest start first (ties: the one seen first).
    public func workouts(_ filter: WorkoutFilter = WorkoutFilter(), limit: Int? = nil) throws -> [Workout] {
        let ids = try lines(filter, limit: limit).map(\.summary.id)
        return try store.read { state in try ids.compactMap { try workout($0, in: state) } }
    }

    /// One workout in full, deleted ones included; nil if no workout has this id.
    public func workout(_ id: UUID) throws -> Workout? {
        try store.read { state in try workout(id, in: state) }
    }

    /// The workouts whose id, written as `history` prints it (lower case, with dashes), starts
    /// with `prefix`: a range of keys, however many workouts the log holds.
    public func workouts(idPrefix prefix: String) throws -> [Workout] {
        let wanted = prefix.lowercased()
        guard let range = HexKeyRange(prefix) else { return [] }
        return try store.read { state in
            try state.entries(in: TrainingProjection.workouts, from: range.lower, below: range.upper, descending: false, limit: nil)
                .compactMap { try workout(UUID(keyBytes: $0.key)!, in: state) }
                .filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
        }
    }

    /// The workout still in progress (the latest started if several are), if any: after a
    /// crash, the one to resume.
    public func activeWorkout() throws -> Workout? {
        try store.read { state in
            guard let facts = try state.value(in: TrainingProjection.facts, key: TrainingFacts.key.keyBytes)
                .map({ try TrainingFacts.decoded($0, in: TrainingProjection.facts) }) else { return nil }
            // The latest started; of several started at once, the first.
            var latest: TrainingWorkout?
            for id in facts.activeWorkouts {
                guard let workout = try Self.stored(id, in: state) else { continue }
                if latest.map({ $0.startedAt < workout.startedAt }) ?? true { latest = workout }
            }
            return try latest.flatMap { try workout($0.id, in: state) }
        }
    }

    // MARK: Reading

    private struct Line {
        var summary: WorkoutSummary
        var firstOffset: Int64
    }

    private static let listColumns = ["started_at", "first_offset", "type", "name", "status", "sets", "volume_kg", "exercises",
                                       "local_day", "distance_m", "duration_s"]

    /// The lines `filter` admits, in list order, reading the columns of the start-time index
    /// newest first and stopping at `limit`.
    private func lines(_ filter: WorkoutFilter, limit: Int?) throws -> [Line] {
        // The days are the workouts' own: the instants read reach as far as the widest zones
        // put a local day from its UTC one, and each row's local day decides.
        let (behind, ahead) = WorkoutFilter.widestZoneOffsets
        let lower: StateColumnValue? = filter.from.map { .integer($0.start.microsecondsSince1970 - ahead * 1_000_000) }
        let upper: StateColumnValue? = filter.to.map { .integer($0.adding(days: 1).start.microsecondsSince1970 - 1 + behind * 1_000_000) }
        var result: [Line] = []
        // Rows of one start time come together; the list orders them by the first one seen.
        var tied: [Line] = []
        func flush() {
            result += tied.sorted { $0.firstOffset < $1.firstOffset }
            tied.removeAll()
        }
        try store.read { state in
            // The exercise asked for, by its number in the list column; an exercise nothing
            // named is in no workout.
            var wanted: Int?
            if let exerciseID = filter.exerciseID {
                guard let book = try state.value(in: TrainingProjection.exercises, key: exerciseID.keyBytes) else { return }
                wanted = try ExerciseBook.decoded(book, in: TrainingProjection.exercises).number
            }
            let plain = WorkoutFilter(from: filter.from, to: filter.to, type: filter.type, includeDeleted: filter.includeDeleted)
            try state.scan(TrainingProjection.workouts, by: TrainingProjection.workouts.index("by_start"), from: lower, through: upper,
                           descending: true, columns: Self.listColumns) { key, columns in
                guard let line = Self.line(key, columns), let localDay = columns[8].text.flatMap({ CalendarDay($0) }),
                      plain.admits(line.summary, localDay: localDay, exercises: []),
                      wanted.map({ Self.numbers(columns[7]).contains($0) }) ?? true else {
                    return true
                }
                if let last = tied.last, last.summary.startedAt != line.summary.startedAt {
                    flush()
                    if let limit, result.count >= limit { return false }
                }
                tied.append(line)
                return true
            }
        }
        flush()
        return limit.map { Array(result.prefix($0)) } ?? result
    }

    private static func line(_ key: [UInt8], _ columns: [StateColumnValue]) -> Line? {
        guard let id = UUID(keyBytes: key), let started = columns[0].integer, let first = columns[1].integer,
              let type = columns[2].text.flatMap(WorkoutType.init(rawValue:)),
              let status = columns[4].text.flatMap(WorkoutStatus.init(rawValue:)),
              let sets = columns[5].integer, let volume = columns[6].real else { return nil }
        return Line(summary: WorkoutSummary(id: id, startedAt: Timestamp(microsecondsSince1970: started), type: type,
                                            name: columns[3].text, status: status, sets: Int(sets), volumeKg: volume,
                                            distanceMetres: columns[9].real, durationSeconds: columns[10].real),
                    firstOffset: first)
    }

    /// The exercise numbers of a list line's `exercises` column.
    private static func numbers(_ column: StateColumnValue) -> [Int] {
        guard let bytes = column.blob else { return [] }
        return bytes.withUnsafeBytes { raw in
            var cursor = BinaryCursor(raw)
            var numbers: [Int] = []
            while let number = try? cursor.count() { numbers.append(number) }
            return numbers
        }
    }

    /// The stored workout of `id`, if any, with its exercises' ids (by their numbers), and the
    /// ids of its entries and sets read back from the log when `events` is given (else they
    /// stay stand-ins: distinct, but not the real ones).
    static func stored(_ id: UUID, in state: any KeyedStateReading, events: EventLookup? = nil) throws -> TrainingWorkout? {
        guard let bytes = try state.value(in: TrainingProjection.workouts, key: id.keyBytes) else { return nil }
        var workout = try TrainingWorkout.decoded(bytes, in: TrainingProjection.workouts, key: id)
        let exerciseIDs = try state.value(in: TrainingProjection.facts, key: TrainingFacts.key.keyBytes)
            .map { try TrainingFacts.decoded($0, in: TrainingProjection.facts).exerciseIDs } ?? []
        if let events {
            try workout.resolve(try events.events(at: workout.idOffsets), exerciseIDs: exerciseIDs)
        } else {
            for entry in workout.entries.indices where workout.entries[entry].exerciseNumber < exerciseIDs.count {
                workout.entries[entry].exerciseID = exerciseIDs[workout.entries[entry].exerciseNumber]
            }
        }
        return workout
    }

    /// One workout with its exercises' current names.
    func workout(_ id: UUID, in state: any KeyedStateReading) throws -> Workout? {
        guard let workout = try Self.stored(id, in: state, events: events) else { return nil }
        var names: [UUID: String] = [:]
        for exerciseID in workout.entries.exerciseIDs { names[exerciseID] = try Self.name(of: exerciseID, in: state) }
        return workout.shown { names[$0] ?? "Unknown exercise" }
    }

    /// The name the library last gave an exercise ("Unknown exercise" when none did).
    static func name(of exerciseID: UUID, in state: any KeyedStateReading) throws -> String {
        try state.value(in: TrainingProjection.exercises, key: exerciseID.keyBytes)
            .map { try ExerciseBook.decoded($0, in: TrainingProjection.exercises).name } ?? "Unknown exercise"
    }
}

extension WorkoutHistory {
    /// Calls `body` with each workout `filter` admits, oldest start first (ties: the one seen
    /// first), one at a time: for exports of a whole history. With `ids` false, the ids of its
    /// entries and sets stay stand-ins (not read back from the log), for answers that never
    /// show them.
    public func forEachWorkout(_ filter: WorkoutFilter = WorkoutFilter(), ids: Bool = true,
                               _ body: (Workout) throws -> Void) throws {
        let keys = try lines(filter, limit: nil).reversed().map(\.summary.id)
        try store.read { state in
            var names: [UUID: String] = [:]
            for id in keys {
                guard let workout = try Self.stored(id, in: state, events: ids ? events : nil) else { continue }
                for exerciseID in workout.entries.exerciseIDs where names[exerciseID] == nil {
                    names[exerciseID] = try Self.name(of: exerciseID, in: state)
                }
                try body(workout.shown { names[$0] ?? "Unknown exercise" })
            }
        }
    }
}
