import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Domain events in the log")
struct EventLogTypedTests {
    let workout = UUID()
    let start = Timestamp("2025-09-15T07:48:00.25Z")!

    var session: [NewEvent] {
        let entry = UUID()
        return [
            NewEvent(WorkoutStarted(workoutID: workout, type: .lifting, name: "Pull", startedAt: start), recordedAt: start),
            NewEvent(ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: UUID(), position: 1)),
            NewEvent(SetLogged(workoutID: workout, entryID: entry, setID: UUID(),
                               performance: SetPerformance(reps: 8, weight: .kilograms(82.5), rpe: 8), loggedAt: start.adding(seconds: 300))),
            NewEvent(WorkoutCompleted(workoutID: workout, endedAt: start.adding(seconds: 3000), durationSeconds: 3000)),
        ]
    }

    @Test("Appended events replay equal, in order, with their record's metadata")
    func roundTrip() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        let events = session
        let result = try await log.append(events, expectedVersion: .noStream)
        #expect(result.offsets == [0, 1, 2, 3])
        var replayed: [StoredEvent] = []
        let summary = try await log.replay { replayed.append($0) }
        #expect(summary.decoded == 4 && summary.skipped == 0)
        #expect(zip(replayed, events).allSatisfy { eventsEqual($0.event, $1.event) && $0.eventID == $1.id })
        #expect(replayed.map(\.streamID) == Array(repeating: StreamName.workout(workout), count: 4))
        #expect(replayed[0].recordedAt == start)
        #expect(replayed.map(\.storedSchemaVersion) == events.map { type(of: $0.event).schemaVersion })
        try await log.close()
    }

    @Test("One invalid event refuses the whole append, naming the event and the field")
    func invalidRefusesAll() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        var events = session
        events.insert(NewEvent(WorkoutRPERecorded(workoutID: workout, rpe: .nan)), at: 2)
        let error = await #expect(throws: EventValidationError.self) { try await log.append(events) }
        #expect(error?.eventIndex == 2)
        #expect(error?.fields == ["rpe"])
        #expect(try await log.end().nextOffset == 0)
        try await log.close()
    }

    @Test("Events of two streams cannot share one append")
    func oneStream() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        let other = NewEvent(WorkoutDeleted(workoutID: UUID()))
        await #expect(throws: LogError.self) { try await log.append(session + [other]) }
        #expect(try await log.end().nextOffset == 0)
        try await log.close()
    }

    @Test("Types and versions from a newer build are skipped, counted, and left untouched")
    func unknownTypes() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        try await log.append(session)
        let future = ProposedEvent(type: "WorkoutShared", schemaVersion: 1, payload: [1, 2, 3, 4])
        let newer = ProposedEvent(type: SetLogged.eventType, schemaVersion: 99, payload: [9, 9, 9])
        try await log.append([future, newer, future.withNewID()], to: "future")
        try await log.append([NewEvent(WorkoutDeleted(workoutID: workout))])
        var types: [String] = []
        let summary = try await log.replay { types.append($0.event.eventType) }
        #expect(summary.decoded == 5)
        #expect(summary.skippedUnknownTypes == ["WorkoutShared": 2])
        #expect(summary.skippedNewerVersions == ["SetLogged": 1])
        #expect(types.last == "WorkoutDeleted")
        let stored = try await log.allRecords().filter { $0.streamID == "future" }
        #expect(stored.map(\.payload) == [[1, 2, 3, 4], [9, 9, 9], [1, 2, 3, 4]])
        try await log.close()
    }

    @Test("A known type whose payload does not decode is an error naming the offset, never skipped")
    func undecodable() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        try await log.append([ProposedEvent(type: WorkoutDeleted.eventType, schemaVersion: WorkoutDeleted.schemaVersion, payload: [1])],
                             to: "broken")
        let error = await #expect(throws: EventDecodingError.self) { try await log.replay { _ in } }
        #expect(error?.offset == 0)
        #expect(error?.eventType == "WorkoutDeleted")
        try await log.close()
    }

    @Test("The JSON envelope round-trips losslessly and refuses unknown types and old versions")
    func envelope() throws {
        for event in session {
            let envelope = EventEnvelope(event: event.event, id: event.id, recordedAt: start, offset: 7)
            let line = try envelope.encoded()
            let decoded = try EventEnvelope.decode(line)
            #expect(eventsEqual(decoded.event, event.event))
            #expect(decoded.id == event.id && decoded.recordedAt == start && decoded.offset == 7)
            #expect(try decoded.encoded() == line)
        }
        let unknown = Data(#"{"type":"Nope","event":{}}"#.utf8)
        #expect((#expect(throws: CodecError.self) { try EventEnvelope.decode(unknown) })?.field == "type")
        let old = Data(#"{"type":"WorkoutDeleted","schemaVersion":0,"event":{"workoutID":"6F9619FF-8B86-D011-B42D-00CF4FC964FF"}}"#.utf8)
        #expect((#expect(throws: CodecError.self) { try EventEnvelope.decode(old) })?.field == "schemaVersion")
    }
}

extension ProposedEvent {
    func withNewID() -> ProposedEvent {
        var copy = self
        copy.id = UUID()
        return copy
    }
}
