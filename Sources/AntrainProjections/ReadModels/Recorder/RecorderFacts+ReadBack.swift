import AntrainEvents
import AntrainLog
import Foundation

/// Reading a workout's events back from the log, by the range of offsets its key keeps.
extension RecorderFacts {
    /// The contents folded from the workout's events, as ``RecorderProjection`` folds an
    /// active workout's: a start empties them, and the other events change them in order.
    func readBack(_ id: UUID, _ workout: RecordedWorkout) async throws -> WorkoutContents {
        var replay = ContentsReplay()
        try await forEachEvent(of: id, workout) { event, stored in
            event.accept(&replay, stored)
            return true
        }
        return replay.contents
    }

    /// Whether a cardio session or a metcon was logged into the workout: its data, read back
    /// from the log (the projection keeps no quick log), for the rule that a workout is not
    /// completed empty.
    public func holdsQuickLog(_ id: UUID) async throws -> Bool {
        guard let workout = try workout(id) else { return false }
        var found = false
        try await forEachEvent(of: id, workout) { event in
            found = event is CardioLogged || event is MetconLogged
            return !found
        }
        return found
    }

    /// Calls `body` with each event of the workout's stream from its first offset through its
    /// last, oldest first, until it returns false. Blocks holding none of the stream's events
    /// are skipped by their index entries, unread; types this build does not know are skipped.
    func forEachEvent(of id: UUID, _ workout: RecordedWorkout,
                      _ body: (any DomainEvent, EventMetadata) throws -> Bool) async throws {
        let filter = ReadFilter(startOffset: workout.firstOffset, endOffset: workout.lastOffset + 1, streamID: StreamName.workout(id))
        for try await record in log.records(filter) {
            guard case let .event(event) = try EventCatalog.standard.decode(record) else { continue }
            guard try body(event, StoredEvent(record: record, event: event).metadata) else { return }
        }
    }

    /// ``forEachEvent(of:_:_:)`` for a body that needs only the events.
    func forEachEvent(of id: UUID, _ workout: RecordedWorkout, _ body: (any DomainEvent) throws -> Bool) async throws {
        try await forEachEvent(of: id, workout) { event, _ in try body(event) }
    }
}

/// Folds one workout's events into its contents, with the methods the projection uses.
private struct ContentsReplay: EventVisitor {
    var contents = WorkoutContents()

    // A start begins nothing here: the read-back begins at the workout's first event, and a
    // second start changes nothing, as in history (it emptied the contents read back before).
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        contents.add(entry: event.entryID, exercise: event.exerciseID, position: event.position)
    }
    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) { contents.remove(entry: event.entryID) }
    mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) { contents.reorder(event.entryIDs) }
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        contents.log(set: event.setID, entry: event.entryID, completed: event.performance.completed)
    }
    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        contents.correct(set: event.setID, completed: event.performance.completed)
    }
    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) { contents.remove(set: event.setID) }
}
