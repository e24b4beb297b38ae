import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The writer's state in `writer-state.sqlite`: it survives reopening, catches up with what
/// it missed, and is rebuilt from the log whenever it cannot be trusted.
@Suite("The writer's state")
struct WriterStateTests {
    private let options = LogOptions(durability: .none)

    @Test("stream versions and retries survive close and reopen; streamVersion(of:) answers from the state")
    func survivesReopen() async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "a") == nil)
        let events = Sample.events(0..<3)
        try await log.append(events, to: "a", expectedVersion: .noStream)
        try await log.append(Sample.events(3..<5), to: "b")
        #expect(try await log.streamVersion(of: "a") == 2)
        try await log.close()
        await #expect(throws: LogError.readOnly(path: directory.path)) { try await log.streamVersion(of: "a") }
        #expect(StateFiles(directory: directory.path).exists)

        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "a") == 2)
        #expect(try await log.streamVersion(of: "b") == 1)
        #expect(try await log.streamVersion(of: "c") == nil)
        let statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == 0 && statistics.rebuildReason == nil)
        let retry = try await log.append(events, to: "a", expectedVersion: .noStream)
        #expect(retry.offsets == [0, 1, 2] && retry.wasAlreadyStored && retry.streamVersion == 2)
        await #expect(throws: LogError.duplicateEventID(events[1].id, existingOffset: 1)) {
            try await log.append([event(events[1].id, "other content")], to: "c")
        }
        let next = try await log.append([Sample.event(5)], to: "a", expectedVersion: .exact(2))
        #expect(next.offsets == [5] && next.streamVersion == 3)
        try await log.close()
    }

    @Test("a log opened read-only never touches the state file, and has no stream versions to give")
    func readOnlyLeavesStateAlone() async throws {
        let directory = TemporaryDirectory()
        let writer = try await reopenForWriting(directory.path, options: options)
        try await writer.append(Sample.events(0..<4), to: "a")
        try await writer.close()
        let files = StateFiles(directory: directory.path)
        let before = try Data(contentsOf: URL(fileURLWithPath: files.path))
        let reader = try await EventLog.openReadOnly(at: directory.filePath)
        #expect(try await reader.allRecords().count == 4)
        // No stream versions to give: `reader` has no `streamVersion(of:)` (the compiler checks it).
        #expect(await reader.writerStateStatistics() == nil)
        try await reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: files.path)) == before)
        #expect(directory.contents().filter { $0.hasPrefix(StateFiles.name) } == [StateFiles.name])
    }

    @Test("a state left behind the log reads only the records after it, and versions and duplicates after it are right")
    func behindIsCaughtUp() async throws {
        let directory = TemporaryDirectory()
        let files = StateFiles(directory: directory.path)
        var log = try await reopenForWriting(directory.path, options: options)
        for index in 0..<10 { try await log.append([Sample.event(index)], to: index < 6 ? "a" : "b") }
        try await log.close()
        try files.copy(to: directory.file("saved"))

        log = try await reopenForWriting(directory.path, options: options)
        let later = Sample.events(10..<17)
        try await log.append(Array(later[0..<4]), to: "a", expectedVersion: .exact(5))
        try await log.append(Array(later[4...]), to: "c", expectedVersion: .noStream)
        try await log.close()
        // As if the writer had died before saving: the state is the one saved at offset 10.
        try files.restore(from: directory.file("saved"))

        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "a") == 9)
        var statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == 7)
        #expect(statistics.rebuildReason == nil)
        #expect(try await log.streamVersion(of: "b") == 3)
        #expect(try await log.streamVersion(of: "c") == 2)
        let retry = try await log.append(Array(later[4...]), to: "c", expectedVersion: .noStream)
        #expect(retry.offsets == [14, 15, 16] && retry.wasAlreadyStored)
        await #expect(throws: LogError.duplicateEventID(later[2].id, existingOffset: 12)) {
            try await log.append([event(later[2].id)], to: "d")
        }
        await #expect(throws: LogError.wrongExpectedVersion(stream: "c", expected: .exact(1), actual: 2)) {
            try await log.append([Sample.event(17)], to: "c", expectedVersion: .exact(1))
        }
        #expect(try await log.append([Sample.event(17)], to: "c", expectedVersion: .exact(2)).offsets == [17])
        try await log.close()

        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "c") == 3)
        statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == 0)
        try await log.close()
    }

    @Test("a state file from another log is detected by the chain hash and rebuilt from this log")
    func anotherLogsState() async throws {
        let first = TemporaryDirectory("first"), second = TemporaryDirectory("second"), longer = TemporaryDirectory("longer")
        for (directory, count, stream) in [(first, 5, "a"), (second, 8, "b"), (longer, 12, "c")] {
            let log = try await reopenForWriting(directory.path, options: options)
            for index in 0..<count { try await log.append([Sample.event(index)], to: stream) }
            try await log.close()
        }
        // A state from a shorter log: the block ending at its offset has another hash. One
        // from a longer log: its offset is beyond this log's end.
        for (source, expectedReason) in [(first, "chain hash differs"), (longer, "the log holds 8")] {
            let files = StateFiles(directory: second.path)
            try StateFiles(directory: source.path).copy(to: source.file("copy"))
            try files.restore(from: source.file("copy"))
            let log = try await reopenForWriting(second.path, options: options)
            #expect(try await log.streamVersion(of: "b") == 7)
            let statistics = try await log.stateStatistics()
            #expect(statistics.rebuildReason?.contains(expectedReason) == true, "\(statistics)")
            #expect(statistics.recordsScanned == 8)
            #expect(try await log.streamVersion(of: source === first ? "a" : "c") == nil)
            let stored = try await log.allRecords()[3]
            await #expect(throws: LogError.duplicateEventID(stored.eventID, existingOffset: 3)) {
                try await log.append([event(stored.eventID)], to: "other")
            }
            try await log.close()
        }
    }

    @Test("a corrupt, empty or cut state file is rebuilt from the log")
    func corruptState() async throws {
        let directory = TemporaryDirectory()
        let files = StateFiles(directory: directory.path)
        var log = try await reopenForWriting(directory.path, options: options)
        for index in 0..<6 { try await log.append([Sample.event(index)], to: "s\(index % 2)") }
        try await log.close()
        let good = try Data(contentsOf: URL(fileURLWithPath: files.path))
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let cases: [(String, Data)] = [("garbage", garbage), ("empty", Data()), ("cut", good.prefix(good.count / 2)),
                                        ("header only", good.prefix(100))]
        for (label, bytes) in cases {
            files.remove()
            try bytes.write(to: URL(fileURLWithPath: files.path))
            log = try await reopenForWriting(directory.path, options: options)
            #expect(try await log.streamVersion(of: "s1") == 2, "\(label)")
            let statistics = try await log.stateStatistics()
            #expect(statistics.rebuildReason != nil && statistics.recordsScanned == 6, "\(label): \(statistics)")
            #expect(!statistics.inMemoryOnly, "\(label)")
            let stored = try await log.allRecords()[4]
            await #expect(throws: LogError.duplicateEventID(stored.eventID, existingOffset: 4)) {
                try await log.append([event(stored.eventID)], to: "other")
            }
            try await log.close()
        }
    }

    @Test("a state file damaged past what opening reads is rebuilt when a query fails, and the append asking succeeds")
    func damagedTables() async throws {
        let directory = TemporaryDirectory()
        let files = StateFiles(directory: directory.path)
        var log = try await reopenForWriting(directory.path, options: options)
        for index in 0..<6 { try await log.append([Sample.event(index)], to: "s\(index % 2)") }
        try await log.close()
        // Pages 1 to 3 (1 KiB each) hold the schema, the format row and the position, which
        // opening reads; the streams and the window are after them.
        try mutateFile(files.path) { bytes in
            #expect(bytes.count > 3 * 1024)
            for index in (3 * 1024)..<bytes.count { bytes[index] = 0xA5 }
        }
        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.append([Sample.event(6)], to: "s1", expectedVersion: .exact(2)).offsets == [6])
        let statistics = try await log.stateStatistics()
        #expect(statistics.rebuildReason?.contains("a query of the state failed") == true, "\(statistics)")
        #expect(statistics.recordsScanned == 6)
        try await log.close()
        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "s1") == 3)
        #expect(try await log.stateStatistics().rebuildReason == nil)
        try await log.close()
    }

    @Test("a state file that cannot be created leaves the state in memory, and appends go on")
    func stateInMemory() async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: options)
        try await log.append(Sample.events(0..<3), to: "a")
        try await log.close()
        StateFiles(directory: directory.path).remove()
        // A directory where the file belongs: it can be neither opened nor removed.
        try FileManager.default.createDirectory(atPath: StateFiles(directory: directory.path).path, withIntermediateDirectories: false)
        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.append([Sample.event(3)], to: "a", expectedVersion: .exact(2)).offsets == [3])
        let statistics = try await log.stateStatistics()
        #expect(statistics.inMemoryOnly && statistics.recordsScanned == 3)
        try await log.close()
    }
}
