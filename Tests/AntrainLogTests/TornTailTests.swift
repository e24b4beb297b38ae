import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Torn and garbage tails")
struct TornTailTests {
    /// A closed log of three blocks; returns the last block's position and the segment's size.
    private func makeLog(_ directory: TemporaryDirectory) async throws -> (lastBlock: Int, size: Int, events: [ProposedEvent]) {
        let log = try await reopenForWriting(directory.path)
        let events = Sample.events(0..<9)
        for batch in 0..<3 { try await log.append(Array(events[(batch * 3)..<(batch * 3 + 3)]), to: "w") }
        var last = 0
        for try await block in log.blocks() { last = Int(block.position) }
        try await log.close()
        return (last, fileSize(directory.file("00000000000000000000.log")), events)
    }

    @Test("truncating the last block at every byte: reopening keeps every complete block, cuts the rest into quarantine")
    func truncateAtEveryByte() async throws {
        let template = TemporaryDirectory("template")
        let (lastBlock, size, events) = try await makeLog(template)
        let segment = try Data(contentsOf: URL(fileURLWithPath: template.file("00000000000000000000.log")))
        var lost = 0
        defer {
            print("torn tails: the last block cut at every one of its \(size - lastBlock) bytes, 6 acknowledged events before it, \(lost) lost")
        }
        for cut in lastBlock..<size {
            let directory = TemporaryDirectory("cut")
            try segment.prefix(cut).write(to: URL(fileURLWithPath: directory.file("00000000000000000000.log")))
            try FileManager.default.copyItem(atPath: template.file("00000000000000000000.index"),
                                             toPath: directory.file("00000000000000000000.index"))
            let log = try await reopenForWriting(directory.path)
            let records = try await log.allRecords()
            #expect(records.map(\.eventID) == events.prefix(6).map(\.id), "cut at \(cut)")
            lost += Set(events.prefix(6).map(\.id)).subtracting(records.map(\.eventID)).count
            if cut > lastBlock {
                let reported = try #require(log.openingCut, "cut at \(cut)")
                #expect(reported.position == UInt64(lastBlock))
                #expect(reported.bytes == UInt64(cut - lastBlock))
                let kept = try Data(contentsOf: URL(fileURLWithPath: directory.file(reported.quarantineFile)))
                #expect(kept == segment[lastBlock..<cut])
            } else {
                #expect(log.openingCut == nil)
            }
            #expect(fileSize(directory.file("00000000000000000000.log")) == lastBlock)
            let next = try await log.append([Sample.event(100)], to: "w", expectedVersion: .exact(5))
            #expect(next.offsets == [6])
            #expect(try await log.verify().ok)
            try await log.close()
        }
    }

    @Test("random garbage after the last good block is cut and kept, and nothing acknowledged is lost")
    func garbageTail() async throws {
        var generator = SystemRandomNumberGenerator()
        let total = rounds("ANTRAIN_GARBAGE_ROUNDS", short: 40)
        var kept = 0, lost = 0, garbageBytes = 0
        defer { print("garbage tails: \(total) rounds, \(garbageBytes) garbage bytes cut into quarantine, \(kept) acknowledged events kept, \(lost) lost") }
        for round in 0..<total {
            let directory = TemporaryDirectory("garbage")
            let (_, size, events) = try await makeLog(directory)
            var garbage = (0..<Int.random(in: 1...600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 4 == 0, garbage.count >= 8 {
                garbage.replaceSubrange(0..<8, with: [0x5A, 0x2A, 0x4D, 0x18, 152, 0, 0, 0])  // looks like a header frame
            }
            try mutateFile(directory.file("00000000000000000000.log")) { $0 += garbage }
            let log = try await reopenForWriting(directory.path)
            let cut = try #require(log.openingCut)
            #expect(cut.position == UInt64(size) && cut.bytes == UInt64(garbage.count))
            let found = try await log.allRecords().map(\.eventID)
            #expect(found == events.map(\.id))
            kept += found.count
            lost += Set(events.map(\.id)).subtracting(found).count
            garbageBytes += Int(cut.bytes)
            #expect(try await log.verify().ok)
            try await log.close()
        }
    }

    @Test("a reader stops at the last complete block while a torn tail awaits the writer")
    func readerStopsBeforeTornTail() async throws {
        let directory = TemporaryDirectory()
        let (lastBlock, size, events) = try await makeLog(directory)
        try mutateFile(directory.file("00000000000000000000.log")) { $0.removeLast((size - lastBlock) / 2) }
        let reader = try await EventLog.openReadOnly(at: directory.filePath)
        #expect(try await reader.allRecords().map(\.eventID) == events.prefix(6).map(\.id))
        let report = try await reader.verify()
        #expect(!report.ok)
        #expect(report.problems.first?.kind == "tornTail")
        #expect(report.problems.first?.damage.position == UInt64(lastBlock))
    }

    @Test("a damaged or deleted index is rebuilt without complaint")
    func indexIsACache() async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 1024, durability: .none))
        for index in 0..<60 { try await log.append([Sample.event(index)], to: "s\(index % 4)") }
        try await log.close()
        let indexes = directory.contents().filter { $0.hasSuffix(".index") }
        #expect(indexes.count > 3)
        try FileManager.default.removeItem(atPath: directory.file(indexes[0]))
        try mutateFile(directory.file(indexes[1])) { bytes in for index in 40..<bytes.count { bytes[index] ^= 0x5A } }
        try mutateFile(directory.file(indexes.last!)) { $0 = Array($0.prefix(20)) }
        log = try await reopenForWriting(directory.path)
        #expect(try await log.allRecords().map(\.offset) == Array(0..<60))
        #expect(try await log.allRecords(ReadFilter(streamID: "s2")).count == 15)
        let report = try await log.verify()
        #expect(report.ok)
        #expect(report.notes.count >= 2)
        #expect(try await log.verify().notes.isEmpty, "the first verification rebuilt the indexes")
        try await log.append([Sample.event(60)], to: "s0", expectedVersion: .exact(14))
        try await log.close()
    }
}

@Suite("Damage in the last block is not a torn tail")
struct LastBlockDamageTests {
    @Test("a flipped bit in a complete last block is reported as damage, refuses appends, and is never cut on open")
    func flippedBitInLastBlock() async throws {
        let template = TemporaryDirectory("template")
        let writer = try await reopenForWriting(template.path, options: LogOptions(durability: .none))
        for index in 0..<5 { try await writer.append([Sample.event(2 * index), Sample.event(2 * index + 1)], to: "w") }
        try await writer.close()
        let segment = segmentFiles(template).last!
        let size = fileSize(template.file(segment))
        let lastBlockStart = try await {
            let log = try await EventLog.openReadOnly(at: template.filePath)
            defer { Task { try? await log.close() } }
            var start: UInt64 = 0
            for try await block in log.blocks() { start = block.position }
            return Int(start)
        }()
        // Header bytes (the checksum covers them) and frame bytes, one at a time.
        for position in [lastBlockStart + 20, lastBlockStart + 100, lastBlockStart + 170, size - 5, size - 1] {
            let directory = TemporaryDirectory("flip")
            for name in template.contents() { try FileManager.default.copyItem(atPath: template.file(name), toPath: directory.file(name)) }
            try mutateFile(directory.file(segment)) { $0[position] ^= 0x10 }
            let log = try await reopenForWriting(directory.path)
            #expect(log.openingCut == nil, "a complete block was cut at byte \(position)")
            #expect(fileSize(directory.file(segment)) == size)
            await #expect(throws: LogError.self) { try await log.append([Sample.event(99)], to: "w") }
            let report = try await log.verify()
            #expect(report.problems.first?.kind == "corruption", "byte \(position): \(report.problems)")
            let repair = try await log.repair()
            #expect(repair.damage != nil && !repair.quarantined.isEmpty)
            try await log.append([Sample.event(100)], to: "w")
            try await log.close()
        }
    }
}
