import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Appending and reading back")
struct RoundTripTests {
    @Test("every field survives many segment rolls, and offsets stay gapless across reopen")
    func roundTripAcrossSegments() async throws {
        let directory = TemporaryDirectory()
        let options = LogOptions(segmentSize: 2048, durability: .none)
        var log = try await reopenForWriting(directory.path, options: options)
        var appended: [(stream: String, event: ProposedEvent)] = []
        let base = Date(timeIntervalSince1970: 1_700_000_000.123456)
        for batch in 0..<60 {
            let stream = "athlete-\(batch % 5)/workouts"
            let events = (0..<(batch % 4 + 1)).map { index in
                ProposedEvent(type: index % 2 == 0 ? "SetLogged" : "WorkoutNotesChanged", schemaVersion: UInt16(index + 1),
                              payload: Array("payload \(batch).\(index) ✓ ünïcödé".utf8),
                              recordedAt: base.addingTimeInterval(Double(batch * 10 + index)),
                              correlationID: index == 0 ? UUID() : nil, causationID: index == 1 ? UUID() : nil)
            }
            try await log.append(events, to: stream)
            appended += events.map { (stream, $0) }
        }
        try await log.close()
        #expect(segmentFiles(directory).count > 10)

        log = try await reopenForWriting(directory.path, options: options)
        let records = try await log.allRecords()
        #expect(records.count == appended.count)
        var versions: [String: UInt64] = [:]
        for (index, record) in records.enumerated() {
            let (stream, event) = appended[index]
            #expect(record.offset == UInt64(index))
            #expect(record.eventID == event.id)
            #expect(record.streamID == stream)
            #expect(record.eventType == event.type)
            #expect(record.schemaVersion == event.schemaVersion)
            #expect(record.payload == event.payload)
            #expect(record.recordedAtMicroseconds == event.recordedAt!.microsecondsSince1970)
            #expect(record.correlationID == event.correlationID)
            #expect(record.causationID == event.causationID)
            let expectedVersion = versions[stream].map { $0 + 1 } ?? 0
            #expect(record.streamVersion == expectedVersion)
            versions[stream] = expectedVersion
        }
        #expect(try await log.end().nextOffset == UInt64(appended.count))
        try await log.close()
    }

    @Test("reads by offset, stream, type and time range return exactly the matching records")
    func filteredReads() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 4096, durability: .none))
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        for index in 0..<300 {
            let type = ["SetLogged", "FoodLogged", "BodyweightRecorded"][index % 3]
            try await log.append([Sample.event(index, type: type, recordedAt: start.addingTimeInterval(Double(index) * 60))],
                                 to: "stream-\(index % 10)")
        }
        let fromOffset = try await log.allRecords(ReadFilter(startOffset: 250))
        #expect(fromOffset.map(\.offset) == Array(250..<300))
        let window = try await log.allRecords(ReadFilter(startOffset: 10, endOffset: 20))
        #expect(window.map(\.offset) == Array(10..<20))
        let stream = try await log.allRecords(ReadFilter(streamID: "stream-7"))
        #expect(stream.map(\.offset) == Array(stride(from: 7, to: 300, by: 10)))
        #expect(stream.map(\.streamVersion) == Array(0..<30))
        let types = try await log.allRecords(ReadFilter(eventTypes: ["FoodLogged"]))
        #expect(types.map(\.offset) == Array(stride(from: 1, to: 300, by: 3)))
        let range = start.addingTimeInterval(100 * 60)..<start.addingTimeInterval(110 * 60)
        let timed = try await log.allRecords(ReadFilter(timeRange: range))
        #expect(timed.map(\.offset) == Array(100..<110))
        let combined = try await log.allRecords(ReadFilter(startOffset: 100, streamID: "stream-3", eventTypes: ["SetLogged"]))
        #expect(combined.map(\.offset) == Array(stride(from: 123, to: 300, by: 30)))
        try await log.close()
    }

    @Test("a read-only open in the same process sees what the writer committed")
    func readOnlyBesideWriter() async throws {
        let directory = TemporaryDirectory()
        let writer = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        try await writer.append(Sample.events(0..<25), to: "s")
        let reader = try await EventLog.openReadOnly(at: directory.filePath)
        #expect(try await reader.allRecords().count == 25)
        // That it cannot append is the compiler's to check now: `reader` has no `append`.
        try await writer.close()
    }

    @Test("info sums events, types, streams and sizes")
    func info() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        try await log.append(Sample.events(0..<7, type: "SetLogged"), to: "a")
        try await log.append(Sample.events(0..<3, type: "FoodLogged"), to: "b")
        let info = try await log.info()
        #expect(info.events == 10)
        #expect(info.blocks == 2)
        #expect(info.segments == 1)
        #expect(info.streams == 2)
        #expect(info.eventsPerType == ["SetLogged": 7, "FoodLogged": 3])
        #expect(info.uncompressedBytes > 0 && info.bytesOnDisk > 0)
        #expect(info.chainHead == (try await log.end().chainHead.hex))
        try await log.close()
    }
}
