import AntrainEvents
import Foundation

/// The stored form of an entry's sets: each set as what differs from the set before it.
///
/// A leading varint says which parts differ (``Part``), then come the time since the set before
/// (or the workout's start), the offset since the set before (or the entry's event), the offset
/// of the correction that gave it its performance when it was corrected, and only the parts
/// that differ. Three or four bytes for a set that repeats the one before, as most do.
enum SetDifferences {
    private enum Part {
        static let type: UInt64 = 1, completed: UInt64 = 2, reps: UInt64 = 4, weight: UInt64 = 8
        static let rpe: UInt64 = 16, rest: UInt64 = 32, rare: UInt64 = 64, corrected: UInt64 = 128
    }

    /// The performance the first set of an entry is compared with.
    private static let none = SetPerformance(completed: true)
    /// The same, as a set.
    private static let noneSet = WorkoutSet(setID: .standIn(0), performance: none, loggedAt: Timestamp(microsecondsSince1970: 0),
                                            isCorrected: false)

    static func write(_ sets: [TrainingSet], after addedOffset: UInt64, startedAt: Timestamp, into writer: inout StateValueWriter) {
        writer.count(sets.count)
        var previousOffset = addedOffset
        var previousTime = startedAt.microsecondsSince1970
        // Each set compared with the one before through its stored fields: a `SetPerformance`
        // built for every set and kept for the next (four copies of it per set, notes and
        // all) was a fifth of the writer's time on workouts.
        // Read through the buffer: an array's subscript handed each set over as a copy
        // (retained, then released).
        sets.withUnsafeBufferPointer { sets in
            for index in sets.indices {
                if index == 0 {
                    write(sets[index], after: noneSet, previousOffset: previousOffset, previousTime: previousTime, into: &writer)
                } else {
                    write(sets[index], after: sets[index - 1].shown, previousOffset: previousOffset, previousTime: previousTime,
                          into: &writer)
                }
                previousOffset = sets[index].loggedOffset
                previousTime = sets[index].shown.loggedAt.microsecondsSince1970
            }
        }
    }

    private static func write(_ set: borrowing TrainingSet, after previous: borrowing WorkoutSet, previousOffset: UInt64,
                              previousTime: Int64, into writer: inout StateValueWriter) {
        var parts: UInt64 = 0
        if set.shown.type != previous.type { parts |= Part.type }
        if set.shown.isCompleted != previous.isCompleted { parts |= Part.completed }
        if set.shown.repetitions != previous.repetitions { parts |= Part.reps }
        if set.shown.enteredWeight != previous.enteredWeight { parts |= Part.weight }
        if set.shown.rateOfExertion != previous.rateOfExertion { parts |= Part.rpe }
        if set.shown.rest != previous.rest { parts |= Part.rest }
        if !set.shown.hasRareMeasures(of: previous) { parts |= Part.rare }
        if set.changedOffset != set.loggedOffset { parts |= Part.corrected }
        writer.varint(parts)
        writer.span(set.shown.loggedAt.microsecondsSince1970 - previousTime)
        writer.signed(Int64(bitPattern: set.loggedOffset &- previousOffset))
        if parts & Part.corrected != 0 { writer.varint(set.changedOffset - set.loggedOffset) }
        if parts & Part.type != 0 { writer.code(set.shown.type) }
        if parts & Part.reps != 0 { writer.optional(set.shown.repetitions) { $0.int($1) } }
        if parts & Part.weight != 0 {
            writer.optional(set.shown.enteredWeight) { writer, weight in
                writer.code(weight.unit)
                writer.measure(weight.value)
            }
        }
        if parts & Part.rpe != 0 { writer.optional(set.shown.rateOfExertion) { $0.measure($1) } }
        if parts & Part.rest != 0 { writer.optional(set.shown.rest) { $0.int($1) } }
        if parts & Part.rare != 0 {
            writer.optional(set.shown.durationSeconds) { $0.measure($1) }
            writer.optional(set.shown.distanceMetres) { $0.measure($1) }
            writer.optional(set.shown.notes) { $0.string($1) }
        }
    }

    static func read(after addedOffset: UInt64, startedAt: Timestamp, from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> [TrainingSet] {
        let count = try cursor.count()
        var sets: [TrainingSet] = []
        sets.reserveCapacity(min(count, 64))
        var previous = none
        var previousOffset = addedOffset
        var previousTime = startedAt.microsecondsSince1970
        for _ in 0..<count {
            let parts = try cursor.varint()
            let time = previousTime + (try cursor.span())
            let offset = previousOffset &+ UInt64(bitPattern: try cursor.signed())
            let changed = parts & Part.corrected != 0 ? offset + (try cursor.varint()) : offset
            var performance = previous
            if parts & Part.type != 0 { performance.setType = try cursor.code(SetType.self) }
            if parts & Part.completed != 0 { performance.completed.toggle() }
            if parts & Part.reps != 0 { performance.reps = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.int() } }
            if parts & Part.weight != 0 {
                performance.weight = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in
                    let unit = try cursor.code(MassUnit.self)
                    return Mass(try cursor.measure(), unit)
                }
            }
            if parts & Part.rpe != 0 { performance.rpe = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() } }
            if parts & Part.rest != 0 {
                performance.restSeconds = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.int() }
            }
            if parts & Part.rare != 0 {
                performance.durationSeconds = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() }
                performance.distanceMetres = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() }
                performance.notes = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
            }
            let set = WorkoutSet(setID: .standIn(offset), performance: performance, loggedAt: Timestamp(microsecondsSince1970: time),
                                 isCorrected: changed != offset)
            sets.append(TrainingSet(shown: set, loggedOffset: offset, changedOffset: changed))
            previous = performance
            previousOffset = offset
            previousTime = time
        }
        return sets
    }
}
