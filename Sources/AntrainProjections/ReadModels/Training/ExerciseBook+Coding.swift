import AntrainEvents
import Foundation

extension ExerciseBook: KeyedValue {
    typealias Key = UUID

    func encode(into writer: inout StateValueWriter) {
        writer.count(number)
        writer.string(name)
        writer.raw(CollectionOfOne(UInt8(hasRecords ? 1 : 0) | (isBodyweight ? 2 : 0) | (isDeleted ? 4 : 0) | (performancesTrimmed ? 8 : 0) | (isNamed ? 16 : 0)))
        writer.list(muscleGroups) { $0.code($1) }
        writer.list(current) { $0.record($1) }
        writer.list(timeline) { $0.record($1) }
        writer.list(timelinePositions) { $0.varint($1) }
        writer.int(totals.sets)
        writer.int(totals.reps)
        writer.double(totals.volumeKg)
        writer.int(sessionsCounted)
        writer.int(completedSessionsCounted)
        writer.optional(lastPerformedAt) { $0.timestamp($1) }
        writer.count(sessionCount)
        writer.list(chunkFirstOffsets) { $0.varint($1) }
        writer.list(chunkLastOffsets) { $0.varint($1) }
        writer.list(chunkLastDays) { $0.signed(Int64($1)) }
        writer.list(chunkLatestStarts) { $0.signed($1) }
        writer.list(performances) { writer, performance in
            writer.uuid(performance.workoutID)
            writer.varint(performance.completedOffset)
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        number = try cursor.count()
        name = try cursor.string()
        let flags = try cursor.byte()
        hasRecords = flags & 1 != 0
        isBodyweight = flags & 2 != 0
        isDeleted = flags & 4 != 0
        performancesTrimmed = flags & 8 != 0
        isNamed = flags & 16 != 0
        muscleGroups = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.code(MuscleGroup.self) }
        current = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.record() }
        timeline = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.record() }
        timelinePositions = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.varint() }
        totals = ExerciseTally(sets: try cursor.int(), reps: try cursor.int(), volumeKg: try cursor.double())
        sessionsCounted = try cursor.int()
        completedSessionsCounted = try cursor.int()
        lastPerformedAt = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.timestamp() }
        sessionCount = try cursor.count()
        chunkFirstOffsets = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.varint() }
        chunkLastOffsets = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.varint() }
        chunkLastDays = try cursor.list { (cursor) throws(BinaryCursor.Failure) in Int32(truncatingIfNeeded: try cursor.signed()) }
        chunkLatestStarts = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.signed() }
        performances = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            Performance(workoutID: try cursor.uuid(), completedOffset: try cursor.varint())
        }
        slots = RecordSlots(current)
        guard timeline.count == timelinePositions.count else { throw BinaryCursor.Failure() }
    }

    /// The exercise's row for `stats` and analysts: name, deleted, completed sets, reps,
    /// volume in kg, sessions, the start of the last one (µs), whether one was completed, and
    /// how many records it holds.
    var columns: [StateColumnValue] {
        [.text(name), .bool(isDeleted), .integer(Int64(totals.sets)), .integer(Int64(totals.reps)), .real(totals.volumeKg),
         .integer(Int64(sessionsCounted)), .time(lastPerformedAt), .bool(completedSessionsCounted > 0),
         .integer(Int64(current.count))]
    }

    var residentBytes: Int { 512 + timeline.count * 96 + chunkLastOffsets.count * 12 }
}

extension SessionChunk: KeyedValue {
    typealias Key = ChunkKey

    func encode(into writer: inout StateValueWriter) {
        var previous: UInt64 = 0
        writer.list(sessions) { writer, session in
            writer.uuid(session.workoutID)
            writer.signed(Int64(bitPattern: session.firstOffset &- previous))
            writer.varint(session.lastOffset - session.firstOffset)
            writer.signed(Int64(session.lastDay))
            writer.signed(session.startedAt)
            writer.bool(session.counts)
            previous = session.firstOffset
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        var previous: UInt64 = 0
        sessions = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            let workoutID = try cursor.uuid()
            let first = previous &+ UInt64(bitPattern: try cursor.signed())
            let last = first + (try cursor.varint())
            previous = first
            return Session(workoutID: workoutID, firstOffset: first, lastOffset: last,
                           lastDay: Int32(truncatingIfNeeded: try cursor.signed()), startedAt: try cursor.signed(), counts: try cursor.bool())
        }
    }

    var residentBytes: Int { 32 + sessions.count * MemoryLayout<Session>.stride }
}

extension StateValueWriter {
    /// A personal record, with its kind's code.
    mutating func record(_ record: PersonalRecord) {
        code(record.kind)
        double(record.value)
        optional(record.reps) { $0.int($1) }
        optional(record.weightKg) { $0.double($1) }
        uuid(record.setID)
        uuid(record.workoutID)
        timestamp(record.achievedAt)
        // The local day lies within a day of the UTC one: one byte.
        signed(Int64(record.day.daysSince1970 - record.achievedAt.day.daysSince1970))
        varint(record.offset)
    }
}

extension BinaryCursor {
    /// A personal record written by ``StateValueWriter/record(_:)``.
    mutating func record() throws(Failure) -> PersonalRecord {
        let kind = try code(RecordKind.self), value = try double()
        let reps = try optional { (cursor) throws(Failure) in try cursor.int() }
        let weightKg = try optional { (cursor) throws(Failure) in try cursor.double() }
        let setID = try uuid(), workoutID = try uuid(), achievedAt = try timestamp()
        let day = achievedAt.day.adding(days: Int(try signed()))
        return PersonalRecord(kind: kind, value: value, reps: reps, weightKg: weightKg, setID: setID, workoutID: workoutID,
                              achievedAt: achievedAt, day: day, offset: try varint())
    }
}
