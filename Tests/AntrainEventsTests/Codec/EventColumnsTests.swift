import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// ``EventColumns`` must hand every event back exactly as the boxed path decodes it, with
/// its record's metadata, in log order, for every event type.
@Suite("Event columns")
struct EventColumnsTests {
    /// Records the order of the events it visits, boxed again, with their metadata.
    struct Recorder: EventVisitor {
        var seen: [(event: any DomainEvent, metadata: EventMetadata)] = []
        mutating func record(_ event: some DomainEvent, _ metadata: EventMetadata) { seen.append((event, metadata)) }
        mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { record(event, stored) }
        mutating func visit(_ event: FoodLogged, _ stored: EventMetadata) { record(event, stored) }
        mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) { record(event, stored) }
        mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) { record(event, stored) }
    }

    @Test("every type is a kind, numbered in EventVisitor's order, and the catalogue knows them all")
    func kinds() {
        #expect(EventColumns.types.count == KnownEventTypes.all.count)
        #expect(Set(EventColumns.types.map { $0.eventType }).count == EventColumns.types.count)
        #expect(Set(EventColumns.types.map { $0.eventType }) == Set(EventCatalog.standard.eventTypes))
    }

    @Test("decoded from a log, every sample comes back as the boxed decoder reads it, with its metadata, in order")
    func everyTypeThroughALog() async throws {
        let directory = TemporaryDirectory("columns")
        let log = try await EventLog.open(at: directory.filePath)
        // Every sample twice, interleaved, so that rows and kinds differ from log positions.
        let samples = EventSamples.all + EventSamples.all.reversed()
        for (index, sample) in samples.enumerated() {
            try await log.append([NewEvent(sample, correlationID: index % 3 == 0 ? UUID() : nil)])
        }
        var columns = EventColumns()
        var builder = StoredEventBuilder()
        var summary = ReplaySummary()
        for try await block in log.blocks() {
            try builder.decode(block.batch, with: .standard, into: &columns, summary: &summary)
        }
        #expect(summary.decoded == samples.count && columns.count == samples.count)
        var index = 0
        for try await record in log.records() {
            guard case let .event(boxed) = try EventCatalog.standard.decode(record) else { Issue.record("not decoded"); continue }
            let plain = StoredEvent(record: record, event: boxed)
            #expect(eventsEqual(columns.event(at: index), boxed), "event \(index)")
            #expect(columns.metadata[index] == plain.metadata, "metadata \(index)")
            #expect(EventColumns.types[Int(columns.kinds[index])] == type(of: boxed), "kind \(index)")
            let stored = columns.storedEvent(at: index)
            #expect(eventsEqual(stored.event, boxed) && stored.metadata == plain.metadata)
            index += 1
        }
        #expect(index == samples.count)
        try await log.close()
    }

    @Test("visit(at:with:) calls the visitor's method of each event's type, and nothing for the types it ignores")
    func visiting() {
        let metadata = (0..<EventSamples.all.count).map { offset in
            EventMetadata(offset: UInt64(offset), streamID: "s\(offset % 3)", streamVersion: UInt64(offset),
                          eventID: UUID(), recordedAt: Timestamp(microsecondsSince1970: Int64(offset)), storedSchemaVersion: 1)
        }
        var columns = EventColumns()
        for (event, stored) in zip(EventSamples.all, metadata) { columns.append(event, stored) }
        var recorder = Recorder()
        for index in 0..<columns.count { columns.visit(at: index, with: &recorder) }
        let expected = zip(EventSamples.all, metadata).filter { event, _ in
            [SetLogged.eventType, FoodLogged.eventType, WorkoutStarted.eventType, ProfileUpdated.eventType].contains(event.eventType)
        }
        #expect(recorder.seen.count == expected.count)
        for (seen, want) in zip(recorder.seen, expected) {
            #expect(eventsEqual(seen.event, want.0) && seen.metadata == want.1)
        }
    }

    @Test("removeAll empties every column, and the columns fill again from row 0")
    func refilling() {
        let stored = EventMetadata(offset: 7, streamID: "x", streamVersion: 0, eventID: UUID(),
                                   recordedAt: Timestamp(microsecondsSince1970: 0), storedSchemaVersion: 1)
        var columns = EventColumns()
        for event in EventSamples.all { columns.append(event, stored) }
        columns.removeAll()
        #expect(columns.isEmpty && columns.rows.isEmpty && columns.metadata.isEmpty)
        columns.append(EventSamples.all[5], stored)
        columns.append(EventSamples.all[5], stored)
        #expect(columns.rows == [0, 1])
        #expect(eventsEqual(columns.event(at: 1), EventSamples.all[5]))
    }
}
