import AntrainEvents
import AntrainImport
import AntrainLog
import Foundation
import SystemPackage
import Testing

/// ImportAppender on a real log: a JSON Lines file read, appended, and appended again.
@Suite("Import: appending to a log")
struct ImportAppenderTests {
    /// `count` bodyweight entries as export lines, the last one without an id (the reader
    /// derives it from the line's bytes, so a re-import still finds it stored).
    static func jsonl(_ count: Int) throws -> Data {
        let start = Timestamp(microsecondsSince1970: 1_736_150_400_000_000)
        var lines: [Data] = []
        for index in 0..<count {
            let time = Timestamp(microsecondsSince1970: start.microsecondsSince1970 + Int64(index) * 86_400_000_000)
            let event = BodyweightRecorded(entryID: .stable("test", "entry", "\(index)"), weight: .kilograms(80 + Double(index % 10) / 10),
                                           recordedAt: time)
            let id: UUID? = index == count - 1 ? nil : .stable("test", "event", "\(index)")
            lines.append(try EventEnvelope(event: event, id: id, recordedAt: time).encoded())
        }
        return Data(lines.joined(separator: Data("\n".utf8))) + Data("\n".utf8)
    }

    /// A new log in a directory of its own, removed after `body`.
    static func withLog(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("antrain-import-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(directory)
    }

    /// Imports `data` as the CLI does: the log says which events it holds, then the rest are
    /// appended; its writer checks retries among the last `window` events.
    static func importFile(_ data: Data, into directory: String, window: Int = 100_000) async throws -> ImportAppender.Counts {
        let contents = JSONLReader.read(data)
        #expect(contents.problems.isEmpty)
        let log = try await EventLog.open(at: FilePath(directory), options: LogOptions(durability: .none, idempotencyWindow: window))
        let counts = try await ImportAppender.append(contents.streams, stored: try await ImportAppender.storedIDs(of: contents.streams, in: log), to: log)
        try await log.close()
        return counts
    }

    static func recordCount(_ directory: String) async throws -> Int {
        let log = try await EventLog.openReadOnly(at: FilePath(directory))
        var count = 0
        for try await _ in log.records() { count += 1 }
        return count
    }

    @Test("Importing a file appends its events; importing it again appends nothing")
    func reimportAppendsNothing() async throws {
        let data = try Self.jsonl(6)
        try await Self.withLog { directory in
            let first = try await Self.importFile(data, into: directory)
            #expect(first.appended == 6 && first.alreadyStored == 0 && first.appends == 1, "one stream: one append")
            let second = try await Self.importFile(data, into: directory)
            #expect(second.appended == 0 && second.alreadyStored == 6 && second.appends == 0)
            #expect(try await Self.recordCount(directory) == 6)
        }
    }

    @Test("Importing again after the events left the writer's idempotency window still appends nothing")
    func reimportBeyondTheWindow() async throws {
        let data = try Self.jsonl(6)
        try await Self.withLog { directory in
            #expect(try await Self.importFile(data, into: directory, window: 3).appended == 6)
            // 20 more entries (5 of them the same ids): the first file's events are now far
            // older than the last 3 events the writer checks appends against.
            let more = try await Self.importFile(try Self.jsonl(20), into: directory, window: 3)
            #expect(more.appended == 15 && more.alreadyStored == 5)
            let again = try await Self.importFile(data, into: directory, window: 3)
            #expect(again.appended == 0 && again.alreadyStored == 6 && again.appends == 0)
            #expect(try await Self.recordCount(directory) == 21)
        }
    }

    @Test("storedIDs finds every id of the file in the log, and count agrees with what append then does")
    func storedIDsAndCount() async throws {
        let data = try Self.jsonl(4)
        let streams = JSONLReader.read(data).streams
        try await Self.withLog { directory in
            #expect(ImportAppender.count(streams, stored: []).appended == 4)
            _ = try await Self.importFile(data, into: directory)
            let log = try await EventLog.openReadOnly(at: FilePath(directory))
            let stored = try await ImportAppender.storedIDs(of: streams, in: log)
            #expect(stored == Set(streams.flatMap { $0.events.map(\.id) }))
            let dry = ImportAppender.count(streams, stored: stored)
            #expect(dry.appended == 0 && dry.alreadyStored == 4 && dry.appends == 0)
        }
    }

    @Test("A long run of one stream is appended in batches of maxBatchEvents, in order")
    func batches() async throws {
        let count = ImportAppender.maxBatchEvents * 2 + 10
        let data = try Self.jsonl(count)
        try await Self.withLog { directory in
            let counts = try await Self.importFile(data, into: directory)
            #expect(counts.appended == count && counts.appends == 3)
            let log = try await EventLog.openReadOnly(at: FilePath(directory))
            var ids: [UUID] = []
            for try await record in log.records() { ids.append(record.eventID) }
            #expect(ids == JSONLReader.read(data).streams.flatMap { $0.events.map(\.id) })
        }
    }

    @Test("An invalid event fails its append as the log words it, after the batches before it")
    func invalidEvent() async throws {
        let valid = try JSONLReader.read(Self.jsonl(3)).streams
        let workout = UUID.stable("test", "workout")
        let invalid = PlannedStream(stream: "workout-\(workout.uuidString.lowercased())",
                                    events: [NewEvent(WorkoutRPERecorded(workoutID: workout, rpe: 11))])
        try await Self.withLog { directory in
            let log = try await EventLog.open(at: FilePath(directory), options: LogOptions(durability: .none))
            await #expect(throws: EventValidationError.self) {
                try await ImportAppender.append(valid + [invalid], stored: [], to: log)
            }
            try await log.close()
            #expect(try await Self.recordCount(directory) == 3)
        }
    }
}
