import AntrainEvents
import AntrainImport
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The projections runtime reads a log only through ``LogReader``: on the season fixture,
/// every standard read model's state is the same, key for key and byte for byte, whether the
/// log is the directory log, the one in memory or one on a PostgreSQL server; catch-ups,
/// rebuilds and time travel too.
@Suite("Conformance: the projections on each log storage")
struct ProjectionsOnEachLogTests {
    /// fixtures/season (six months of one athlete) imported into a new log of `storage`.
    static func season(_ storage: LogStorage) async throws -> OpenedLog {
        let data = try Data(contentsOf: packageRoot().appendingPathComponent("fixtures/season/season.jsonl"))
        let contents = JSONLReader.read(data)
        #expect(contents.problems.isEmpty && contents.events > 5_000)
        let opened = try await storage.open()
        let counts = try await ImportAppender.append(contents.streams, stored: [], to: opened.log)
        #expect(counts.appended == contents.events)
        return opened
    }

    /// Every standard model's state after a catch-up of `log` into a new store.
    static func state(of log: any LogReader) async throws -> [String: [StateEntry]] {
        let directory = TemporaryDirectory("state")
        let store = try ProjectionStore(logDirectory: directory.path, models: StandardModels.all)
        let report = try await store.catchUp(log)
        return try StateTesting.dump(report.store, StandardModels.all)
    }

    @Test("Every standard model's state is the same on the directory log and on the log in memory or on a server",
          arguments: [LogStorage.memory, .postgres])
    func sameState(_ other: LogStorage) async throws {
        let directory = try await Self.season(.directory)
        let memory = try await Self.season(other)
        let (onDisk, inMemory) = (try await directory.log.end(), try await memory.log.end())
        #expect(onDisk.nextOffset == inMemory.nextOffset && onDisk.nextOffset > 5_000)
        #expect(try await directory.log.allRecords().map(\.storedBytes) == (try await memory.log.allRecords().map(\.storedBytes)),
                "the same records at the same offsets")
        let expected = try await Self.state(of: directory.log)
        #expect(expected.values.contains { !$0.isEmpty })
        #expect(try await Self.state(of: memory.log) == expected)
        try await directory.log.close()
        try await memory.log.close()
    }

    @Test("On the log in memory, catch-ups in steps while it grows equal one rebuild; a rebuild gives the same again")
    func catchUpsInSteps() async throws {
        let season = try await Self.season(.memory)
        let all = try await season.log.allRecords()
        let growing = try await LogStorage.memory.open()
        let directory = TemporaryDirectory("state")
        let store = try ProjectionStore(logDirectory: directory.path, models: StandardModels.all)
        var start = 0
        for stop in [1, 700, 701, 2_500, all.count] {
            // The season's records appended again in their order, a stream's run per append.
            var index = start
            while index < stop {
                let stream = all[index].streamID
                var run: [ProposedEvent] = []
                while index < stop, all[index].streamID == stream {
                    let record = all[index]
                    run.append(ProposedEvent(id: record.eventID, type: record.eventType, schemaVersion: record.schemaVersion,
                                             payload: record.payload, recordedAt: record.recordedAt,
                                             correlationID: record.correlationID, causationID: record.causationID))
                    index += 1
                }
                try await growing.log.append(run, to: stream, expectedVersion: .any)
            }
            start = stop
            let report = try await store.catchUp(growing.log)
            #expect(report.end == UInt64(stop))
        }
        let stepped = try StateTesting.dump(try await store.catchUp(growing.log).store, StandardModels.all)
        #expect(stepped == (try await Self.state(of: season.log)))
        let rebuilt = try await store.rebuild(growing.log)
        #expect(try StateTesting.dump(rebuilt.store, StandardModels.all) == stepped)
    }

    @Test("Time travel to an offset and to an instant gives the same state on both logs")
    func timeTravel() async throws {
        let directory = try await Self.season(.directory)
        let memory = try await Self.season(.memory)
        let records = try await directory.log.allRecords()
        let middle = records[records.count / 2]
        for point in [TimeTravelPoint.offset(1_234), .instant(Timestamp(microsecondsSince1970: middle.recordedAtMicroseconds))] {
            let onDisk = try await ProjectionStore.travel(StandardModels.all, in: directory.log, to: point)
            let inMemory = try await ProjectionStore.travel(StandardModels.all, in: memory.log, to: point)
            #expect(try StateTesting.dump(inMemory, StandardModels.all) == StateTesting.dump(onDisk, StandardModels.all), "\(point)")
        }
        try await directory.log.close()
    }

    @Test("State built on one log is rebuilt on the other: the same records, another chain")
    func chainTiesStateToItsLog() async throws {
        let directory = try await Self.season(.directory)
        let memory = try await Self.season(.memory)
        let stateDirectory = TemporaryDirectory("state")
        let store = try ProjectionStore(logDirectory: stateDirectory.path, models: StandardModels.all)
        _ = try await store.catchUp(directory.log)
        let moved = try await store.catchUp(memory.log)
        #expect(moved.starts.count == StandardModels.all.count)
        for start in moved.starts {
            guard case let .rebuilt(reason) = start.kind else {
                Issue.record("\(start)")
                continue
            }
            #expect(reason.contains("chain hash differs") && reason.contains("the log was replaced"), "\(start)")
        }
        try await directory.log.close()
    }
}
