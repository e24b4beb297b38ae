import AntrainLog
import AntrainPostgres
import AntrainTestSupport
import Foundation
import Testing

/// ``LogCopier`` between storages, and the directory log's batches of appends it uses: a
/// directory log whose blocks hold several streams (group commits) copied to a server (whole
/// commits, ``CommitCopying``) and back into a directory (appends with exact versions).
@Suite("Copying a log into another")
struct LogCopierTests {
    /// The fields a copy keeps, for comparing records of two logs.
    static func fields(_ record: LogRecord) -> String {
        "\(record.offset) \(record.eventID) \(record.streamID) \(record.streamVersion) \(record.eventType) "
            + "\(record.schemaVersion) \(record.recordedAtMicroseconds) \(record.correlationID?.uuidString ?? "-") "
            + "\(String(decoding: record.payload, as: UTF8.self))"
    }

    @Test("Blocks of several streams copied to a server and back: every record the same, commits kept, the server's chain verifies")
    func severalStreamsPerBlock() async throws {
        let directory = TemporaryDirectory("copy-source")
        let source = try await EventLog.open(at: directory.filePath)
        // One call of several requests: one group commit, so blocks hold several streams.
        var number = 0
        for round in 0..<40 {
            let requests = (0..<5).map { stream in
                defer { number += 2 }
                return AppendRequest([Sample.event(number), Sample.event(number + 1)], to: "stream-\(stream)",
                                     expectedVersion: round == 0 ? .noStream : .exact(UInt64(round * 2 - 1)))
            }
            for outcome in await source.append(requests) { _ = try outcome.get() }
        }
        let sourceRecords = try await source.allRecords()
        #expect(sourceRecords.count == 400)
        var blocks = 0
        var batches = source.makeBatchIterator(ReadFilter())
        while try batches.nextBatch() != nil { blocks += 1 }
        #expect(blocks < 400 / 2, "the batches of appends did not share blocks")

        let server = try await PostgresLogTests.open()
        let up = try await LogCopier.copy(from: source, to: server, chunkEvents: 64)
        #expect(up.copiedEvents == 400 && up.copiedCommits == blocks && up.alreadyThere == 0)
        #expect(try await server.allRecords().map(Self.fields) == sourceRecords.map(Self.fields))
        #expect(try await server.streamVersion(of: "stream-3") == 79)
        let verified = try await server.verify(progress: nil)
        #expect(verified.ok, "\(verified)")

        let back = TemporaryDirectory("copy-back")
        let mirror = try await EventLog.open(at: back.filePath)
        let down = try await LogCopier.copy(from: server, to: mirror, chunkEvents: 100)
        #expect(down.copiedEvents == 400 && down.end.offset == 400)
        #expect(try await mirror.allRecords().map(Self.fields) == sourceRecords.map(Self.fields))
        #expect(try await mirror.streamVersion(of: "stream-0") == 79)
        #expect(try server.position(endingAt: 400) != nil)
        try await mirror.close()
        try await server.close()
        try await source.close()
    }

    @Test("A batch of appends to a directory log: each checked as the ones before left the streams, one refused alone, in order")
    func batchOfAppends() async throws {
        let directory = TemporaryDirectory("batch")
        let log = try await EventLog.open(at: directory.filePath)
        let outcomes = await log.append([
            AppendRequest(Sample.events(0..<2), to: "a", expectedVersion: .noStream),
            AppendRequest(Sample.events(2..<3), to: "a", expectedVersion: .exact(1)),
            AppendRequest(Sample.events(3..<4), to: "a", expectedVersion: .exact(0)),  // refused: "a" is at 2
            AppendRequest(Sample.events(4..<5), to: "b", expectedVersion: .noStream),
        ])
        #expect(try outcomes[0].get().offsets == [0, 1])
        #expect(try outcomes[1].get().offsets == [2])
        #expect(throws: LogError.self) { try outcomes[2].get() }
        #expect(try outcomes[3].get().offsets == [3])
        #expect(try await log.end().nextOffset == 4)
        let none = await log.append([])
        #expect(none.isEmpty)
        try await log.close()
    }

    @Test("A copy into a log holding other events is refused before anything is written")
    func refusesAnotherLog() async throws {
        let first = TemporaryDirectory("one")
        let second = TemporaryDirectory("two")
        let one = try await EventLog.open(at: first.filePath)
        let two = try await EventLog.open(at: second.filePath)
        try await one.append(Sample.events(0..<3), to: "s", expectedVersion: .noStream)
        try await two.append(Sample.events(0..<2), to: "s", expectedVersion: .noStream)
        await #expect(throws: LogCopyError.self) { try await LogCopier.copy(from: one, to: two) }
        #expect(try await two.end().nextOffset == 2)
        try await one.close()
        try await two.close()
    }
}
