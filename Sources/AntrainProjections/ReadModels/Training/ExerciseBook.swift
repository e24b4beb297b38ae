import AntrainEvents
import Foundation

/// What the training read models keep of one exercise: its library facts, its personal
/// records and how they progressed, its totals, where its sessions are, and the workout of
/// its last performance. The value of the `training/exercises` keyspace.
struct ExerciseBook: Sendable, Equatable {
    /// Its number: exercises are numbered as they are first met (0, 1, …), so that a
    /// workout's list line names its exercises in a byte or two each.
    var number = 0
    /// The name the library last gave it ("Unknown exercise" until one does).
    var name = "Unknown exercise"
    /// Whether it has records to answer with: the library defined or deleted it, or a set of
    /// it was logged (an exercise only added to workouts has none).
    var hasRecords = false
    /// Whether a library definition named it (``name`` is then the library's).
    var isNamed = false
    /// Library kind `bodyweight`: its sets count the day's bodyweight.
    var isBodyweight = false
    /// Deleted from the library (its history stays).
    var isDeleted = false
    /// The muscle groups of its latest definition.
    var muscleGroups: [MuscleGroup] = []
    /// The current records, at most one per kind, in the order their kinds were first set.
    var current: [PersonalRecord] = []
    /// Every record as it was set, oldest first.
    var timeline: [PersonalRecord] = []
    /// The place of each timeline entry's set: the offset of its `SetLogged`.
    var timelinePositions: [UInt64] = []
    /// Where each kind's record is in ``current``; derived, not stored.
    var slots = RecordSlots()
    /// Its totals over the sets that count.
    var totals = ExerciseTally()
    /// Workouts with at least one set of it that counts, and which of those were completed.
    var sessionsCounted = 0
    var completedSessionsCounted = 0
    /// The start of the latest workout with a set of it that counts.
    var lastPerformedAt: Timestamp?
    /// Its sessions (workouts with sets of it, in the order of their first set), in pieces of
    /// ``SessionChunk/capacity`` under `training/sessions`; for each piece, the last place of a
    /// set and the last day of a set among its sessions, so that a fold from a place or a day
    /// reads only the pieces that reach it.
    var sessionCount = 0
    /// For each piece, the first offset of its first session: a session is found by it.
    var chunkFirstOffsets: [UInt64] = []
    var chunkLastOffsets: [UInt64] = []
    var chunkLastDays: [Int32] = []
    /// For each piece, the latest start of its sessions that count (``Int64/min`` for none):
    /// the last performed time is their maximum.
    var chunkLatestStarts: [Int64] = []
    /// The most recently completed lifting workouts with a completed working set of it, latest
    /// completion first (at most ``performanceDepth``): where the programs' suggestions start
    /// from, with a few behind it for when a correction takes the latest back.
    var performances: [Performance] = []
    static let performanceDepth = 8
    /// Whether older performances than the list holds were dropped from it.
    var performancesTrimmed = false

    /// A completed workout where the exercise had a working set, and when it was completed.
    struct Performance: Sendable, Equatable {
        var workoutID: UUID
        var completedOffset: UInt64
    }

    static func == (lhs: ExerciseBook, rhs: ExerciseBook) -> Bool { lhs.encoded == rhs.encoded }

    /// The record of `kind`, if any.
    func record(_ kind: RecordKind) -> PersonalRecord? { slots[kind].map { current[$0] } }

    /// The piece holding the session that starts at `offset`: the last piece starting at or
    /// before it.
    func chunk(ofSessionAt offset: UInt64) -> Int? {
        var low = 0, high = chunkFirstOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if chunkFirstOffsets[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The pieces whose sessions may have a set at `offset` or later.
    func chunks(reachingOffset offset: UInt64) -> [Int] { chunkLastOffsets.indices.filter { chunkLastOffsets[$0] >= offset } }
    /// The pieces whose sessions may have a set of `day` or later.
    func chunks(reachingDay day: Int) -> [Int] { chunkLastDays.indices.filter { Int(chunkLastDays[$0]) >= day } }
}

/// What sets that count add up to for an exercise (or for one workout's sets of it).
struct ExerciseTally: Sendable, Equatable {
    /// Completed sets, warm-ups included.
    var sets = 0
    /// Their reps.
    var reps = 0
    /// Entered weight × reps of the completed working sets, in kg.
    var volumeKg = 0.0

    static func += (lhs: inout ExerciseTally, rhs: ExerciseTally) {
        lhs.sets += rhs.sets
        lhs.reps += rhs.reps
        lhs.volumeKg += rhs.volumeKg
    }

    static func -= (lhs: inout ExerciseTally, rhs: ExerciseTally) {
        lhs.sets -= rhs.sets
        lhs.reps -= rhs.reps
        lhs.volumeKg -= rhs.volumeKg
    }
}

/// A piece of an exercise's sessions: the workouts with sets of it, in the order of their
/// first set. The value of `training/sessions`, under the exercise's id and the piece's number.
struct SessionChunk: Sendable, Equatable {
    /// Sessions per piece: a few kilobytes, read whole.
    static let capacity = 256

    struct Session: Sendable, Equatable {
        var workoutID: UUID
        /// The offset of its first and last `SetLogged` of the exercise.
        var firstOffset: UInt64
        var lastOffset: UInt64
        /// The UTC day of its latest set, as days since 1970.
        var lastDay: Int32
        /// Its workout's start, and whether a set of it counts for the totals.
        var startedAt: Int64
        var counts: Bool
    }

    var sessions: [Session] = []

    /// The latest start of the sessions that count, or ``Int64/min``.
    var latestCountedStart: Int64 { sessions.reduce(Int64.min) { $1.counts ? max($0, $1.startedAt) : $0 } }
    /// The largest last offset and last day of its sessions.
    var lastOffset: UInt64 { sessions.map(\.lastOffset).max() ?? 0 }
    var lastDay: Int32 { sessions.map(\.lastDay).max() ?? .min }
}
