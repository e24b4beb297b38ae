import AntrainEvents
import Foundation

/// One exercise's sets and records: the records are a fold over the sets in the order they
/// were logged, so a new set is offered to them and a corrected or removed one makes the
/// fold run again from it, which gives the same answer as if the change had always been so.
///
/// Everything a set touches is found by position or by small number, never by hashing: the
/// model has already numbered the set's workout and entry, the book's ``sessions`` hold
/// the running session volumes, and ``slots`` finds the current record of a kind.
struct ExerciseRecordBook: Codable, Sendable, Equatable {
    /// The exercise's name as the library last had it.
    var name: String
    /// Whether the library marks it as a bodyweight exercise (kind `bodyweight`).
    var isBodyweight = false
    /// Whether it was deleted from the library.
    var isDeleted = false
    /// Its sets in the order they were logged; removed ones stay in place, marked `removed`.
    /// Chunked: the sets of a main lift run to hundreds of thousands in a long log, and an
    /// array of them copied itself onto fresh pages each time it doubled.
    var sets = ChunkedArray<RecordSet>()
    /// One per workout with sets of the exercise, in the order first met.
    var sessions: [RecordSession] = []
    /// The current records, at most one per kind, in the order their kinds were first set.
    var current: [PersonalRecord] = []
    /// Every record as it was set, in order: each entry beat the one of its kind before it.
    var timeline: [PersonalRecord] = []
    /// The position in ``sets`` of each timeline entry's set: ascending, since the fold
    /// visits the sets in order; a partial fold keeps the entries before its start.
    var timelinePositions: [Int] = []

    // Derived from the above, so not encoded: worked out again when the book is decoded.

    /// Where each kind's record is in ``current``.
    var slots = RecordSlots()
    /// Each position where the latest day of the sets so far grows, for the sets a weigh-in
    /// may change (see ExerciseRecordBook+Days.swift).
    var dayMarks: [DayMark] = []

    enum CodingKeys: String, CodingKey {
        case name, isBodyweight, isDeleted, sets, sessions, current, timeline, timelinePositions
    }

    init(name: String) { self.name = name }

    /// Decodes the encoded fields, then works out the derived ones again.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        isBodyweight = try container.decode(Bool.self, forKey: .isBodyweight)
        isDeleted = try container.decode(Bool.self, forKey: .isDeleted)
        sets = try container.decode(ChunkedArray<RecordSet>.self, forKey: .sets)
        sessions = try container.decode([RecordSession].self, forKey: .sessions)
        current = try container.decode([PersonalRecord].self, forKey: .current)
        timeline = try container.decode([PersonalRecord].self, forKey: .timeline)
        timelinePositions = try container.decode([Int].self, forKey: .timelinePositions)
        slots = RecordSlots(current)
        for position in sets.indices { markDay(sets[position].day, at: position) }
    }

    /// Adds a newly logged set (whose session is already open) and offers it to the records.
    mutating func append(_ set: RecordSet) {
        let position = sets.count
        markDay(set.day, at: position)
        sets.append(set)
        consider(set, at: position)
    }

    /// Opens the session of a workout whose first set of the exercise comes next; its index.
    mutating func openSession(workoutID: UUID, workout: Int) -> Int {
        sessions.append(RecordSession(workoutID: workoutID, workout: Int32(workout), firstPosition: Int32(sets.count)))
        return sessions.count - 1
    }

    /// Marks the sets from `start` on that `shouldRemove` picks as removed; the first
    /// position removed, if any. Removed sets stay in place so that positions stay valid.
    mutating func removeSets(from start: Int = 0, where shouldRemove: (RecordSet) -> Bool) -> Int? {
        var first: Int?
        for position in start..<sets.count where !sets[position].removed && shouldRemove(sets[position]) {
            sets[position].removed = true
            sets[position].counts = false
            first = first ?? position
        }
        return first
    }

    /// The current record of `kind`, if any.
    func record(_ kind: RecordKind) -> PersonalRecord? {
        slots[kind].map { current[$0] }
    }
}
