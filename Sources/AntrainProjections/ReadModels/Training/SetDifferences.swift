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
    private static let noneSet = SetFigures(setID: .standIn(0), performance: none, loggedAt: Timestamp(microsecondsSince1970: 0),
                                            isCorrected: false)

    /// Writes an entry's `sets`, whose notes are in `notes` (their workout's).
    static func write(_ sets: [TrainingSet], notes: [SetNote], after addedOffset: UInt64, startedAt: Timestamp,
                      into writer: inout StateValueWriter) {
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
                let previousNotes = index == 0 ? nil : notes.notes(of: sets[index - 1])
                write(sets[index], notes: notes.notes(of: sets[index]), after: index == 0 ? noneSet : sets[index - 1].figures,
                      notes: previousNotes, previousOffset: previousOffset, previousTime: previousTime, into: &writer)
                previousOffset = sets[index].loggedOffset
                previousTime = sets[index].figures.loggedAt.microsecondsSince1970
            }
        }
    }

    private static func write(_ set: borrowing TrainingSet, notes: String?, after previous: borrowing SetFigures, notes previousNotes: String?,
                              previousOffset: UInt64, previousTime: Int64, into writer: inout StateValueWriter) {
        var parts: UInt64 = 0
        if set.figures.type != previous.type { parts |= Part.type }
        if set.figures.isCompleted != previous.isCompleted { parts |= Part.completed }
        if set.figures.repetitions != previous.repetitions { parts |= Part.reps }
        if set.figures.enteredWeight != previous.enteredWeight { parts |= Part.weight }
        if set.figures.rateOfExertion != previous.rateOfExertion { parts |= Part.rpe }
        if set.figures.rest != previous.rest { parts |= Part.rest }
        if set.figures.durationSeconds != previous.durationSeconds { parts |= Part.rare }
        if set.figures.distanceMetres != previous.distanceMetres { parts |= Part.rare }
        if notes != previousNotes { parts |= Part.rare }
        if set.changedOffset != set.loggedOffset { parts |= Part.corrected }
        writer.varint(parts)
        writer.span(set.figures.loggedAt.microsecondsSince1970 - previousTime)
        writer.signed(Int64(bitPattern: set.loggedOffset &- previousOffset))
        if parts & Part.corrected != 0 { writer.varint(set.changedOffset - set.loggedOffset) }
        if parts & Part.type != 0 { writer.code(set.figures.type) }
        if parts & Part.reps != 0 { writer.optional(set.figures.repetitions) { $0.int($1) } }
        if parts & Part.weight != 0 {
            writer.optional(set.figures.enteredWeight) { writer, weight in
                writer.code(weight.unit)
                writer.measure(weight.value)
            }
        }
        if parts & Part.rpe != 0 { writer.optional(set.figures.rateOfExertion) { $0.measure($1) } }
        if parts & Part.rest != 0 { writer.optional(set.figures.rest) { $0.int($1) } }
        if parts & Part.rare != 0 {
            writer.optional(set.figures.durationSeconds) { $0.measure($1) }
            writer.optional(set.figures.distanceMetres) { $0.measure($1) }
            writer.optional(notes) { $0.string($1) }
        }
    }

    /// Reads an entry's sets, adding the notes of those that have them to `notes`.
    static func read(after addedOffset: UInt64, startedAt: Timestamp, notes: inout [SetNote],
                     from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> [TrainingSet] {
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
            let set = SetFigures(setID: .standIn(offset), performance: performance, loggedAt: Timestamp(microsecondsSince1970: time),
                                 isCorrected: changed != offset)
            sets.append(TrainingSet(figures: set, loggedOffset: offset, changedOffset: changed))
            if let text = performance.notes { notes.append(SetNote(loggedOffset: offset, text: text)) }
            previous = performance
            previousOffset = offset
            previousTime = time
        }
        return sets
    }
}
