import AntrainEvents
import Foundation

/// The stored form of a workout: its header, then its entries with their sets. Offsets are
/// written as differences from the workout's first offset, and times of sets as differences
/// from its start, so that most take two or three bytes.
extension TrainingWorkout: KeyedValue {
    typealias Key = UUID

    /// The stored form: the header, then each entry (the offset of the event that added it, the
    /// exercise's number) with its sets, each written as what differs from the set before it
    /// (most sets of an exercise repeat the one before: three or four bytes). Ids are left out:
    /// the workout's is its key; its entries' and sets' are in the events at their offsets, and
    /// its exercises' are in the training facts, under their numbers.
    func encode(into writer: inout StateValueWriter) {
        writer.code(type)
        writer.optional(name) { $0.string($1) }
        writer.code(status)
        writer.optional(templateID) { $0.uuid($1) }
        writer.optional(programDay) { writer, day in
            writer.uuid(day.programID)
            writer.int(day.week)
            writer.int(day.dayOfWeek)
        }
        writer.timestamp(startedAt)
        writer.string(timeZone)
        writer.optional(endedAt) { $0.span($1.microsecondsSince1970 - startedAt.microsecondsSince1970) }
        writer.optional(durationSeconds) { $0.measure($1) }
        writer.optional(notes) { $0.string($1) }
        writer.optional(rpe) { $0.measure($1) }
        writer.optional(cardio) { writer, cardio in
            writer.code(cardio.activity)
            writer.optional(cardio.distanceMetres) { $0.measure($1) }
            writer.optional(cardio.paceSecondsPerKilometre) { $0.measure($1) }
        }
        writer.optional(metcon) { writer, metcon in
            writer.code(metcon.format)
            writer.optional(metcon.rounds) { $0.int($1) }
            writer.optional(metcon.result) { $0.string($1) }
        }
        writer.varint(firstOffset)
        writer.optional(completedOffset) { $0.varint($1 - firstOffset) }
        // A list, written through the buffer: through `writer.list` each entry was copied twice
        // (its sets retained and released), and once by index (the array's subscript).
        writer.count(entries.count)
        entries.withUnsafeBufferPointer { entries in
            for entry in entries.indices {
                writer.varint(entries[entry].addedOffset - firstOffset)
                writer.count(entries[entry].exerciseNumber)
                writer.optional(entries[entry].sessionOffset) { $0.varint($1 - firstOffset) }
                SetDifferences.write(entries[entry].sets, notes: setNotes, after: entries[entry].addedOffset, startedAt: startedAt,
                                     into: &writer)
            }
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        try self.init(from: &cursor, key: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }

    init(from cursor: inout BinaryCursor, key: UUID) throws(BinaryCursor.Failure) {
        id = key
        type = try cursor.code(WorkoutType.self)
        name = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
        status = try cursor.code(WorkoutStatus.self)
        templateID = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() }
        programDay = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in
            ProgramDayReference(programID: try cursor.uuid(), week: try cursor.int(), dayOfWeek: try cursor.int())
        }
        let started = try cursor.timestamp()
        startedAt = started
        timeZone = try cursor.string()
        endedAt = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in
            Timestamp(microsecondsSince1970: started.microsecondsSince1970 + (try cursor.span()))
        }
        durationSeconds = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() }
        notes = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
        rpe = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() }
        cardio = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in
            CardioDetails(activity: try cursor.code(CardioActivity.self),
                          distanceMetres: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() },
                          paceSecondsPerKilometre: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.measure() })
        }
        metcon = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in
            MetconDetails(format: try cursor.code(MetconFormat.self),
                          rounds: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.int() },
                          result: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() })
        }
        let first = try cursor.varint()
        firstOffset = first
        completedOffset = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in first + (try cursor.varint()) }
        var notes: [SetNote] = []
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            let added = first + (try cursor.varint())
            let number = try cursor.count()
            var entry = TrainingEntry(entryID: .standIn(added), addedOffset: added, exerciseID: .standIn(UInt64(number)),
                                      exerciseNumber: number)
            entry.sessionOffset = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in first + (try cursor.varint()) }
            entry.sets = try SetDifferences.read(after: added, startedAt: started, notes: &notes, from: &cursor)
            return entry
        }
        // Entries are stored in display order; the notes are kept in the order of the sets' offsets.
        notes.sort { $0.loggedOffset < $1.loggedOffset }
        setNotes = notes
        idsResolved = false
    }

    /// The list line of the workout, for `history` and analysts: start (µs), the offset of its
    /// first event, type, name, status, completed sets, volume in kg, the calendar day of its
    /// start in its own zone, its exercises' numbers (``ExerciseBook/number``, as varints), the
    /// distance of its completed sets in metres (null without one) and its length in seconds
    /// (null while it goes on).
    var columns: [StateColumnValue] {
        var numbers = StateValueWriter()
        for entry in entries { numbers.count(entry.exerciseNumber) }
        return [.time(startedAt), .integer(Int64(firstOffset)), .text(type.rawValue), .text(name), .text(status.rawValue),
                .integer(Int64(completedSets)), .real(volumeKg), .day(LocalCalendar.day(of: startedAt, in: timeZone)), .blob(numbers.bytes),
                .real(distanceMetres), .real(durationSeconds)]
    }

    var residentBytes: Int {
        // By index: `reduce` copied each entry (retaining its sets), and this runs for every
        // workout a fold keeps or hands to the writer.
        var sets = 0
        for entry in entries.indices { sets += entries[entry].sets.count }
        return 256 + entries.count * 64 + sets * MemoryLayout<TrainingSet>.stride
    }
}
