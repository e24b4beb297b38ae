import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Corruption in sealed segments")
struct CorruptionTests {
    /// A closed log of many small segments.
    private func makeLog(_ directory: TemporaryDirectory) async throws {
        let log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 1500, durability: .none))
        for index in 0..<40 { try await log.append([Sample.event(2 * index), Sample.event(2 * index + 1)], to: "w") }
        try await log.close()
    }

    @Test("a flipped bit anywhere in a sealed segment is found, named, and blocks appends until repair")
    func flippedBits() async throws {
        let template = TemporaryDirectory("template")
        try await makeLog(template)
        let segments = segmentFiles(template)
        #expect(segments.count >= 4)
        let victim = segments[1]
        let originalLog = try await EventLog.openReadOnly(at: template.filePath)
        let original = try await originalLog.allRecords()
        try await originalLog.close()
        let victimSize = fileSize(template.file(victim))
        var generator = SystemRandomNumberGenerator()
        let flips = rounds("ANTRAIN_FLIP_ROUNDS", short: 24)
        // Positions repeat in long runs (with a different bit each time): a flip is one round.
        let positions = (0..<flips).map { _ in Int.random(in: 0..<victimSize, using: &generator) } + [0, 5, 9, 100, victimSize - 1]
        var found = 0, missed = 0, hashOnly = 0
        defer {
            print("bit flips: \(positions.count) flips in a sealed segment of \(victimSize) bytes, \(found) found and named by verify, \(missed) missed, \(hashOnly) of them changing no record (seen by the hash chain only), appends refused until repair each time")
        }
        for bytePosition in positions {
            let directory = TemporaryDirectory("flip")
            for name in template.contents() {
                try FileManager.default.copyItem(atPath: template.file(name), toPath: directory.file(name))
            }
            try mutateFile(directory.file(victim)) { $0[bytePosition] ^= 1 << UInt8.random(in: 0...7, using: &generator) }
            let log = try await reopenForWriting(directory.path)
            let report = try await log.verify()
            #expect(!report.ok, "flip at byte \(bytePosition)")
            if report.ok { missed += 1 } else { found += 1 }
            let problem = try #require(report.problems.first)
            #expect(problem.kind == "corruption")
            #expect(problem.damage.segment == victim)
            #expect(problem.damage.position <= UInt64(bytePosition))
            let base = UInt64(victim.prefix(20))!
            #expect(problem.damage.firstOffset >= base)

            // Everything before the damaged block still reads. A flip in an LZ4 match that
            // copies the same bytes (offset 8 or 9 into a run of zeros) decodes to identical,
            // checksummed records: then reads return them all, unchanged, and only the hash
            // chain (which covers the stored bytes) tells.
            var readable: [LogRecord] = []
            do {
                for try await record in log.records() { readable.append(record) }
                #expect(problem.damage.reason.contains("block hash"), "reads passed a flip at byte \(bytePosition): \(problem.damage)")
                #expect(readable.map(\.storedBytes) == original.map(\.storedBytes), "records changed by a flip at byte \(bytePosition)")
                hashOnly += 1
            } catch LogError.damaged(let damage) {
                #expect(damage.segment == victim)
                #expect(readable.map(\.offset) == Array(0..<problem.damage.firstOffset))
            }

            await #expect(throws: LogError.damaged(problem.damage)) {
                try await log.append([Sample.event(1000)], to: "w")
            }
            let repair = try await log.repair()
            #expect(repair.damage == problem.damage)
            #expect(repair.endOffset == problem.damage.firstOffset)
            #expect(!repair.quarantined.isEmpty)
            #expect(directory.contents("quarantine").count == 1)
            let result = try await log.append([Sample.event(1000)], to: "w")
            #expect(result.offsets == [problem.damage.firstOffset])
            #expect(try await log.verify().ok)
            try await log.close()
        }
    }

    @Test("damage recorded by verification refuses appends in a later writer too, until repair")
    func damageMarkerOutlivesProcess() async throws {
        let directory = TemporaryDirectory()
        try await makeLog(directory)
        let victim = segmentFiles(directory)[0]
        try mutateFile(directory.file(victim)) { $0[300] ^= 0x10 }
        var log = try await reopenForWriting(directory.path)
        #expect(try await !log.verify().ok)
        try await log.close()
        log = try await reopenForWriting(directory.path)
        await #expect(throws: LogError.self) { try await log.append([Sample.event(1)], to: "w") }
        _ = try await log.repair()
        try await log.append([Sample.event(1)], to: "w")
        try await log.close()
    }

    @Test("damage met by a read of a writable log refuses the very next append, and is recorded, until repair")
    func damageSeenByAReadBlocksAppends() async throws {
        let directory = TemporaryDirectory()
        try await makeLog(directory)
        var log = try await reopenForWriting(directory.path)
        try await log.append([Sample.event(500)], to: "w")  // the writer's state is loaded: no scan will see the damage
        try mutateFile(directory.file(segmentFiles(directory)[1])) { $0[200] ^= 0x04 }
        await #expect(throws: LogError.self) { _ = try await log.allRecords() }
        do {
            try await log.append([Sample.event(501)], to: "w")
            Issue.record("an append after a read met damage should be refused")
        } catch let LogError.damaged(damage) {
            #expect(damage.segment == segmentFiles(directory)[1])
        }
        #expect(FileManager.default.fileExists(atPath: directory.file("damage.json")))
        try await log.close()
        log = try await reopenForWriting(directory.path)
        await #expect(throws: LogError.self) { try await log.append([Sample.event(502)], to: "w") }
        let repair = try await log.repair()
        #expect(repair.damage?.segment == segmentFiles(directory)[1])
        try await log.append([Sample.event(503)], to: "w")
        #expect(try await log.verify().ok)
        try await log.close()
    }

    @Test("a segment that is missing from the middle is reported as a gap")
    func missingSegment() async throws {
        let directory = TemporaryDirectory()
        try await makeLog(directory)
        let segments = segmentFiles(directory)
        try FileManager.default.removeItem(atPath: directory.file(segments[2]))
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        let report = try await log.verify()
        #expect(report.problems.first?.kind == "segmentGap")
        #expect(report.problems.first?.damage.segment == segments[3])
    }
}
