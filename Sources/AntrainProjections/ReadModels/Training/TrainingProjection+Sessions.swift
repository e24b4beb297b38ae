import AntrainEvents
import Foundation

/// Each exercise's sessions (the workouts with sets of it, in the order of their first set),
/// kept in pieces: a fold of its records from a place or a day reads the pieces that reach it.
extension TrainingProjection {
    /// Files a new set of `exerciseID` in its workout's session, opening the session with the
    /// workout's first set of the exercise.
    mutating func fileSession(of exerciseID: UUID, in workoutSlot: Int, adding set: TrainingSet, counts: Bool) {
        let bookSlot = book(exerciseID)
        // The workout is read where it lies: a copy held while its entries change below would
        // make the change copy them.
        let (workoutID, sessionOffset, startedAt) = workouts.withPointer(at: workoutSlot) {
            ($0.pointee.id, $0.pointee.entries.sessionOffset(of: exerciseID), $0.pointee.startedAt.microsecondsSince1970)
        }
        if let offset = sessionOffset, let (chunkKey, chunkSlot, index) = session(of: exerciseID, startingAt: offset, workoutID: workoutID) {
            let old = sessions[reading: chunkSlot].sessions[index]
            sessions[chunkSlot].sessions[index].lastOffset = max(old.lastOffset, set.loggedOffset)
            sessions[chunkSlot].sessions[index].lastDay = max(old.lastDay, Int32(set.day))
            sessions[chunkSlot].sessions[index].counts = counts
            extendChunk(Int(chunkKey.chunk), of: bookSlot, lastOffset: set.loggedOffset, lastDay: Int32(set.day))
            if old.counts != counts { recountChunk(Int(chunkKey.chunk), chunkSlot, of: bookSlot, gained: counts ? old.startedAt : nil) }
            return
        }
        let entryCount = workouts.withPointer(at: workoutSlot) { $0.pointee.entries.count }
        for entry in 0..<entryCount where workouts.withPointer(at: workoutSlot, { $0.pointee.entries[entry].exerciseID == exerciseID }) {
            workouts[workoutSlot].entries[entry].sessionOffset = set.loggedOffset
        }
        let session = SessionChunk.Session(workoutID: workoutID, firstOffset: set.loggedOffset, lastOffset: set.loggedOffset,
                                           lastDay: Int32(set.day), startedAt: startedAt, counts: counts)
        let count = books.withValue(at: bookSlot) { $0.sessionCount }
        let chunk = count / SessionChunk.capacity
        if count % SessionChunk.capacity == 0 {
            books[bookSlot].chunkFirstOffsets.append(set.loggedOffset)
            books[bookSlot].chunkLastOffsets.append(set.loggedOffset)
            books[bookSlot].chunkLastDays.append(Int32(set.day))
            books[bookSlot].chunkLatestStarts.append(.min)
        }
        books[bookSlot].sessionCount += 1
        let chunkSlot = sessions.slot(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk))) { SessionChunk() }
        // A piece fills up to its capacity: room for all of it at once (grown from one, its
        // list was copied eight times).
        if sessions[reading: chunkSlot].sessions.isEmpty { sessions[chunkSlot].sessions.reserveCapacity(SessionChunk.capacity) }
        sessions[chunkSlot].sessions.append(session)
        extendChunk(chunk, of: bookSlot, lastOffset: set.loggedOffset, lastDay: Int32(set.day))
        if counts { recountChunk(chunk, chunkSlot, of: bookSlot, gained: session.startedAt) }
    }

    /// Notes whether a workout's session of `exerciseID` counts (and when the workout started,
    /// which a quick log may change); the exercise's last performed time follows. `formerly` is
    /// where the session started before the change, for one whose entries were all removed.
    mutating func refreshSession(of exerciseID: UUID, in workoutSlot: Int, counts: Bool, formerly: UInt64?) {
        let (workoutID, sessionOffset, start) = workouts.withPointer(at: workoutSlot) {
            ($0.pointee.id, $0.pointee.entries.sessionOffset(of: exerciseID), $0.pointee.startedAt.microsecondsSince1970)
        }
        guard let offset = sessionOffset ?? formerly,
              let (chunkKey, chunkSlot, index) = session(of: exerciseID, startingAt: offset, workoutID: workoutID) else { return }
        let old = sessions[reading: chunkSlot].sessions[index]
        guard old.counts != counts || old.startedAt != start else { return }
        sessions[chunkSlot].sessions[index].counts = counts
        sessions[chunkSlot].sessions[index].startedAt = start
        let bookSlot = book(exerciseID)
        // A session that starts to count, at a start no earlier than it had, can only raise the
        // latest start; anything else may lower it, which a look at the piece tells.
        let gained = counts && (!old.counts || start >= old.startedAt) ? start : nil
        recountChunk(Int(chunkKey.chunk), chunkSlot, of: bookSlot, gained: gained)
    }

    /// The sessions of `exerciseID` that may have a set at `offset` or later (all of its sets
    /// at any place, for the fold of its records), in the order of their first set.
    mutating func sessions(of exerciseID: UUID, reachingOffset offset: UInt64) -> [SessionChunk.Session] {
        let slot = book(exerciseID)
        let chunks = books[reading: slot].chunks(reachingOffset: offset)
        return chunks.flatMap { chunk in
            (sessions.value(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk)))?.sessions ?? []).filter { $0.lastOffset >= offset }
        }
    }

    /// The sessions of `exerciseID` that may have a set of `day` or later.
    mutating func sessions(of exerciseID: UUID, reachingDay day: Int) -> [SessionChunk.Session] {
        let slot = book(exerciseID)
        let chunks = books[reading: slot].chunks(reachingDay: day)
        return chunks.flatMap { chunk in
            (sessions.value(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk)))?.sessions ?? []).filter { Int($0.lastDay) >= day }
        }
    }

    /// Where the session of `workoutID` that starts at `offset` sits: its piece's key and slot,
    /// and its index in the piece.
    private mutating func session(of exerciseID: UUID, startingAt offset: UInt64,
                                  workoutID: UUID) -> (ChunkKey, Int, Int)? {
        let slot = book(exerciseID)
        guard let chunk = books.withValue(at: slot, { $0.chunk(ofSessionAt: offset) }) else { return nil }
        let key = ChunkKey(owner: exerciseID, chunk: UInt32(chunk))
        guard let slot = sessions.slot(of: key),
              let index = sessions[reading: slot].sessions.lastIndex(where: { $0.firstOffset == offset && $0.workoutID == workoutID })
        else { return nil }
        return (key, slot, index)
    }

    /// Notes in the book that piece `chunk` now reaches a set at `lastOffset`, of `lastDay`.
    private mutating func extendChunk(_ chunk: Int, of bookSlot: Int, lastOffset: UInt64, lastDay: Int32) {
        let (reachedOffset, reachedDay) = books.withValue(at: bookSlot) { ($0.chunkLastOffsets[chunk], $0.chunkLastDays[chunk]) }
        if reachedOffset < lastOffset { books[bookSlot].chunkLastOffsets[chunk] = lastOffset }
        if reachedDay < lastDay { books[bookSlot].chunkLastDays[chunk] = lastDay }
    }

    /// Brings the book's latest counted start of piece `chunk`, and its last performed time, up
    /// to date after a session of the piece changed: `gained` is the start of a session that
    /// began to count (which can only raise them), nil for any other change (worked out again).
    private mutating func recountChunk(_ chunk: Int, _ chunkSlot: Int, of bookSlot: Int, gained: Int64?) {
        let latest = gained.map { max(books[reading: bookSlot].chunkLatestStarts[chunk], $0) }
            ?? sessions[reading: chunkSlot].latestCountedStart
        books[bookSlot].chunkLatestStarts[chunk] = latest
        let overall = gained.map { max(books[reading: bookSlot].lastPerformedAt?.microsecondsSince1970 ?? .min, $0) }
            ?? (books[reading: bookSlot].chunkLatestStarts.max() ?? .min)
        books[bookSlot].lastPerformedAt = overall == .min ? nil : Timestamp(microsecondsSince1970: overall)
    }
}
