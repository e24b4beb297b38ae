import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// ``StoredEventBuilder`` shares stream id strings and must change nothing else.
@Suite("Stored event builder")
struct StoredEventBuilderTests {
    @Test("builds the same stored events as StoredEvent(record:event:), across stream changes")
    func sameAsInit() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        let workouts = [UUID(), UUID()]
        let start = Timestamp("2025-09-15T07:48:00Z")!
        // Two streams interleaved in runs, so that the builder both reuses and replaces its string.
        for (run, workout) in [workouts[0], workouts[1], workouts[0], workouts[1], workouts[1]].enumerated() {
            let events = (0..<3).map { index in
                NewEvent(WorkoutRPERecorded(workoutID: workout, rpe: Double(run + index) / 2 + 1), correlationID: index == 1 ? UUID() : nil)
            }
            try await log.append(events)
        }
        try await log.append(BodyweightRecorded(entryID: UUID(), weight: .kilograms(80), recordedAt: start))

        var builder = StoredEventBuilder()
        var count = 0
        for try await record in log.records() {
            guard case let .event(event) = try EventCatalog.standard.decode(record) else { Issue.record("not decoded"); continue }
            let built = builder.make(record, event)
            let plain = StoredEvent(record: record, event: event)
            #expect(built.streamID == plain.streamID && built.streamID == record.streamID)
            #expect(built.offset == plain.offset && built.streamVersion == plain.streamVersion && built.eventID == plain.eventID)
            #expect(built.recordedAt == plain.recordedAt && built.storedSchemaVersion == plain.storedSchemaVersion)
            #expect(built.correlationID == plain.correlationID && built.causationID == plain.causationID)
            #expect(eventsEqual(built.event, plain.event))
            count += 1
        }
        #expect(count == 16)
        try await log.close()
    }
}
