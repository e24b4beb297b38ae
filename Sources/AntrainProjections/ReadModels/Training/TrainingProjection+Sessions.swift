import AntrainEvents
import Foundation

/// Each exercise's sessions (the workouts with sets of it, in the order of their first set),
/// kept in pieces: a fold of its records from a place or a day reads the pieces that reach it.
extension TrainingProjection {
    /// Files a new set of `exerciseID` in its workout's session, opening the session with the
    /// workout's first set of the exercise.
    mutating func fileSession(of exerciseID: UUID, in workoutSlot: Int, adding set: TrainingSet) {
        let bookSlot = book(exerciseID)
        let workout = workouts.value(at: workoutSlot)
        let counts = workout.tally(of: exerciseID).counts
        if let offset = workout.sessionOffset(of: exerciseID),
           let (chunkKey, chunkSlot, index) = session(of: exerciseID, startingAt: offset, workoutID: workout.id) {
            sessions[chunkSlot].sessions[index].lastOffset = max(sessions.value(at: chunkSlot).sessions[index].lastOffset, set.loggedOffset)
            sessions[chunkSlot].sessions[index].lastDay = max(sessions.value(at: chunkSlot).sessions[index].lastDay, Int32(set.day))
            sessions[chunkSlot].sessions[index].counts = counts
            refreshChunk(Int(chunkKey.chunk), chunkSlot, of: bookSlot)
            return
        }
        for entry in workout.entries.indices where workout.entries[entry].exerciseID == exerciseID {
            workouts[workoutSlot].entries[entry].sessionOffset = set.loggedOffset
        }
        let session = SessionChunk.Session(workoutID: workout.id, firstOffset: set.loggedOffset, lastOffset: set.loggedOffset,
                                           lastDay: Int32(set.day), startedAt: workout.startedAt.microsecondsSince1970, counts: counts)
        let count = books.value(at: bookSlot).sessionCount
        let chunk = count / SessionChunk.capacity
        if count % SessionChunk.capacity == 0 {
            books[bookSlot].chunkFirstOffsets.append(set.loggedOffset)
            books[bookSlot].chunkLastOffsets.append(set.loggedOffset)
            books[bookSlot].chunkLastDays.append(Int32(set.day))
            books[bookSlot].chunkLatestStarts.append(.min)
        }
        books[bookSlot].sessionCount += 1
        let chunkSlot = sessions.slot(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk))) { SessionChunk() }
        sessions[chunkSlot].sessions.append(session)
        refreshChunk(chunk, chunkSlot, of: bookSlot)
    }

    /// Notes whether a workout's session of `exerciseID` counts (and when the workout started,
    /// which a quick log may change); the exercise's last performed time follows.
    mutating func refreshSession(of exerciseID: UUID, in workoutSlot: Int, counts: Bool) {
        let workout = workouts.value(at: workoutSlot)
        guard let offset = workout.sessionOffset(of: exerciseID),
              let (chunkKey, chunkSlot, index) = session(of: exerciseID, startingAt: offset, workoutID: workout.id) else { return }
        sessions[chunkSlot].sessions[index].counts = counts
        sessions[chunkSlot].sessions[index].startedAt = workout.startedAt.microsecondsSince1970
        let bookSlot = book(exerciseID)
        refreshChunk(Int(chunkKey.chunk), chunkSlot, of: bookSlot)
    }

    /// The sessions of `exerciseID` that may have a set at `offset` or later (all of its sets
    /// at any place, for the fold of its records), in the order of their first set.
    mutating func sessions(of exerciseID: UUID, reachingOffset offset: UInt64) -> [SessionChunk.Session] {
        let slot = book(exerciseID)
        let chunks = books.value(at: slot).chunks(reachingOffset: offset)
        return chunks.flatMap { chunk in
            (sessions.value(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk)))?.sessions ?? []).filter { $0.lastOffset >= offset }
        }
    }

    /// The sessions of `exerciseID` that may have a set of `day` or later.
    mutating func sessions(of exerciseID: UUID, reachingDay day: Int) -> [SessionChunk.Session] {
        let slot = book(exerciseID)
        let chunks = books.value(at: slot).chunks(reachingDay: day)
        return chunks.flatMap { chunk in
            (sessions.value(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk)))?.sessions ?? []).filter { Int($0.lastDay) >= day }
        }
    }

    /// Where the session of `workoutID` that starts at `offset` sits: its piece's key and slot,
    /// and its index in the piece.
    private mutating func session(of exerciseID: UUID, startingAt offset: UInt64,
                                  workoutID: UUID) -> (ChunkKey, Int, Int)? {
        let slot = book(exerciseID)
        guard let chunk = books.value(at: slot).chunk(ofSessionAt: offset) else { return nil }
        let key = ChunkKey(owner: exerciseID, chunk: UInt32(chunk))
        guard let slot = sessions.slot(of: key),
              let index = sessions.value(at: slot).sessions.lastIndex(where: { $0.firstOffset == offset && $0.workoutID == workoutID })
        else { return nil }
        return (key, slot, index)
    }

    /// Brings the book's summary of piece `chunk` up to date with the piece, and the last
    /// performed time with the summaries.
    private mutating func refreshChunk(_ chunk: Int, _ chunkSlot: Int, of bookSlot: Int) {
        let piece = sessions.value(at: chunkSlot)
        books[bookSlot].chunkLastOffsets[chunk] = piece.lastOffset
        books[bookSlot].chunkLastDays[chunk] = piece.lastDay
        books[bookSlot].chunkLatestStarts[chunk] = piece.latestCountedStart
        let latest = books.value(at: bookSlot).chunkLatestStarts.max() ?? .min
        books[bookSlot].lastPerformedAt = latest == .min ? nil : Timestamp(microsecondsSince1970: latest)
    }
}
