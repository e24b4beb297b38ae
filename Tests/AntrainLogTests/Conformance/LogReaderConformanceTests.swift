import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// What every ``LogReader`` promises, run on each storage through the protocol alone: ranges
/// and filters in commit order, ends, chain positions, subscriptions, verification.
@Suite("Conformance: reading (LogReader)")
struct LogReaderConformanceTests {
    /// Appends 45 events in 12 commits over three streams and two types; returns the offset
    /// after each commit.
    static func fill(_ log: any LogWriter) async throws -> [UInt64] {
        var ends: [UInt64] = []
        var number = 0
        for commit in 0..<12 {
            let size = [1, 5, 2, 7][commit % 4]
            let type = commit % 3 == 0 ? "FoodLogged" : "SetLogged"
            let events = (0..<size).map { _ in
                defer { number += 1 }
                return Sample.event(number, type: type, recordedAt: Date(microsecondsSince1970: 1_780_000_000_000_000 + Int64(number) * 1_000_000))
            }
            ends.append(try await log.append(events, to: "stream-\(commit % 3)", expectedVersion: .any).offsets.last! + 1)
        }
        return ends
    }

    @Test("Ranges and filters give the records that pass, in offset order, whatever the storage", arguments: LogStorage.allCases)
    func ranges(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let ends = try await Self.fill(log)
        #expect(ends.last == 45)
        let all = try await log.allRecords()
        #expect(all.map(\.offset) == Array(0..<45))
        #expect(all.map { String(decoding: $0.payload, as: UTF8.self) }.allSatisfy { $0.hasPrefix("{\"set\":") })
        for (start, stop) in [(0, 45), (3, 4), (5, 17), (17, 45), (39, 45), (45, 45), (12, 12)] as [(UInt64, UInt64)] {
            let offsets = try await log.allRecords(ReadFilter(startOffset: start, endOffset: stop)).map(\.offset)
            #expect(offsets == Array(start..<stop), "\(start)..<\(stop)")
        }
        let stream = try await log.allRecords(ReadFilter(startOffset: 6, streamID: "stream-1"))
        #expect(stream.allSatisfy { $0.streamID == "stream-1" && $0.offset >= 6 })
        #expect(stream.map(\.offset) == all.filter { $0.streamID == "stream-1" && $0.offset >= 6 }.map(\.offset))
        let foods = try await log.allRecords(ReadFilter(eventTypes: ["FoodLogged"]))
        #expect(foods.map(\.offset) == all.filter { $0.eventType == "FoodLogged" }.map(\.offset) && !foods.isEmpty)
        let window = Date(microsecondsSince1970: 1_780_000_010_000_000)..<Date(microsecondsSince1970: 1_780_000_020_000_000)
        #expect(try await log.allRecords(ReadFilter(timeRange: window)).map(\.offset) == Array(10..<20))
        try await log.close()
    }

    @Test("Batches end at commits: every uncut batch ends at a commit's end with the chain there; a cut one has no end",
          arguments: LogStorage.allCases)
    func batchEnds(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let ends = try await Self.fill(log)
        let end = try await log.end()
        #expect(end.nextOffset == 45)
        var batches = log.makeBatchIterator(ReadFilter())
        var positions: [LogPosition] = []
        var count = 0
        while let batch = try batches.nextBatch() {
            count += batch.records.count
            let position = try #require(batch.end)
            #expect(batch.records.last.map { $0.offset + 1 } == position.offset)
            positions.append(position)
        }
        #expect(count == 45)
        #expect(Set(positions.map(\.offset)).isSubset(of: Set(ends)), "batches end where commits do")
        #expect(positions.last == LogPosition(offset: end.nextOffset, chainHash: end.chainHead))
        #expect(Set(positions.map(\.chainHash)).count == positions.count, "each commit has its own chain hash")
        // A stop inside a commit: the last batch is cut and has no end.
        let inside = ends[4] - 2
        var cut = log.makeBatchIterator(ReadFilter(startOffset: 0, endOffset: inside))
        var last: RecordBatch?
        while let batch = try cut.nextBatch() { last = batch }
        #expect(last?.end == nil && last?.records.last?.offset == inside - 1)
        #expect(try log.currentEnd() == end)
        try await log.close()
    }

    @Test("Chain positions: each commit's end is found again; an offset inside a commit or past the end is not; another log's chain differs",
          arguments: LogStorage.allCases)
    func chainPositions(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let ends = try await Self.fill(log)
        #expect(try log.position(endingAt: 0) == .start)
        var batches = log.makeBatchIterator(ReadFilter())
        while let batch = try batches.nextBatch() {
            let end = try #require(batch.end)
            #expect(try log.position(endingAt: end.offset) == end)
        }
        #expect(try log.position(endingAt: ends[1] - 1) == nil, "inside the second commit")
        #expect(try log.position(endingAt: 46) == nil)
        // The same number of records, appended otherwise: the chain ties a position to one log.
        let other = try await storage.open()
        try await other.log.append(Sample.events(0..<45), to: "stream-0", expectedVersion: .any)
        let mine = try await log.end()
        let theirs = try await other.log.end()
        #expect(mine.nextOffset == theirs.nextOffset && mine.chainHead != theirs.chainHead)
        try await log.close()
        try await other.log.close()
    }

    @Test("A subscription gets every record once, in order, those appended while it waits too", arguments: LogStorage.allCases)
    func subscription(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        try await log.append(Sample.events(0..<3), to: "s", expectedVersion: .any)
        let reader = Task {
            var offsets: [UInt64] = []
            for try await record in log.subscribe(ReadFilter(startOffset: 1), pollInterval: .milliseconds(5)) {
                offsets.append(record.offset)
                if offsets.count == 9 { break }
            }
            return offsets
        }
        for round in 0..<4 {
            try await Task.sleep(for: .milliseconds(10))
            try await log.append([Sample.event(10 + round * 2), Sample.event(11 + round * 2)], to: "s", expectedVersion: .any)
        }
        #expect(try await reader.value == Array(1..<10))
        try await log.close()
    }

    @Test("Verification passes a sound log and names its head; info counts what was appended", arguments: LogStorage.allCases)
    func verifyAndInfo(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        _ = try await Self.fill(log)
        let end = try await log.end()
        let report = try await log.verify()
        #expect(report.ok && report.events == 45 && report.chainHead == end.chainHead.hex)
        let info = try await log.info()
        #expect(info.events == 45 && info.streams == 3 && info.chainHead == end.chainHead.hex)
        #expect(info.eventsPerType["FoodLogged", default: 0] + info.eventsPerType["SetLogged", default: 0] == 45)
        #expect(log.damageNotice(endingAt: 45) == nil)
        try await log.close()
    }
}
