@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Opening")
struct OpeningTests {
    @Test("a directory with other files and no segment is never turned into a log")
    func refusesForeignDirectory() async throws {
        let directory = TemporaryDirectory()
        try Data("notes".utf8).write(to: URL(fileURLWithPath: directory.file("notes.txt")))
        do {
            _ = try await EventLog.open(at: directory.filePath)
            Issue.record("opening a foreign directory should fail")
        } catch let LogError.notALog(path, reason) {
            #expect(path == directory.path)
            #expect(reason.contains("notes.txt"))
        }
        #expect(directory.contents() == ["notes.txt"])
    }

    @Test("a read-only log knows where it ends, and a new log starts at zero")
    func endOfLog() async throws {
        let directory = TemporaryDirectory()
        let writer = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 1024, durability: .none))
        let empty = try await writer.end()
        #expect(empty.nextOffset == 0 && empty.chainHead == .zero)
        for index in 0..<30 { try await writer.append([Sample.event(index)], to: "s") }
        let reader = try await EventLog.openReadOnly(at: directory.filePath)
        let end = try await reader.end()
        #expect(end.nextOffset == 30)
        #expect(end.chainHead == (try await writer.end()).chainHead)
        #expect(end.chainHead.hex == (try await reader.verify()).chainHead)
        try await writer.close()
    }

    @Test("writers racing to create a new log: one gets it, the others are told it is locked, never that it is no log")
    func racingCreators() async throws {
        // A writer once listed no segment, then listed again, found the segment another
        // writer had just created, and refused the log for holding "other files" (about one
        // run in three of 150 rounds on two cores).
        for round in 0..<400 {
            let directory = TemporaryDirectory("racing-creators")
            let outcomes = await withTaskGroup(of: Result<EventLog, any Error>.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        do { return .success(try await EventLog.open(at: directory.filePath)) } catch { return .failure(error) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            var opened: [EventLog] = []
            for outcome in outcomes {
                switch outcome {
                case let .success(log): opened.append(log)
                case let .failure(error):
                    guard case LogError.locked = error else {
                        Issue.record("round \(round): a racing writer was refused with \(error), not as locked")
                        continue
                    }
                }
            }
            #expect(opened.count == 1, "round \(round): exactly one writer holds the new log")
            for log in opened { try await log.close() }
            #expect(directory.contents().contains("00000000000000000000.log"))
        }
    }

    @Test("an index whose segment is missing is never taken for a new log")
    func orphanedIndexRefused() async throws {
        let directory = TemporaryDirectory()
        let first = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        try await first.append([Sample.event(1)], to: "s")
        try await first.close()
        try FileManager.default.removeItem(atPath: directory.file("00000000000000000000.log"))
        do {
            _ = try await EventLog.open(at: directory.filePath)
            Issue.record("opening a log whose segments are gone should fail")
        } catch let LogError.notALog(path, reason) {
            #expect(path == directory.path)
            #expect(reason.contains("00000000000000000000.index") && reason.contains("segments are missing"), "\(reason)")
        }
        #expect(!directory.contents().contains("00000000000000000000.log"), "no empty segment replaces the missing one")
        // Before the lock, the same listing is what a log being created by another writer
        // can look like (its index listed, its segment not), so it passes then.
        let logDirectory = LogDirectory(path: directory.filePath)
        #expect(throws: Never.self) { try logDirectory.checkHoldsALogOrNothing(lockHeld: false) }
        #expect(throws: LogError.self) { try logDirectory.checkHoldsALogOrNothing(lockHeld: true) }
    }

    @Test("a reader asking whether a writer is active never makes a writer's open fail")
    func probesDoNotBlockWriters() async throws {
        // `verify` on a read-only log asks whether a writer is active by taking the lock for
        // an instant; a writer opening in that instant was once told the log was locked.
        let directory = TemporaryDirectory("probed")
        try await EventLog.open(at: directory.filePath).close()
        let logDirectory = LogDirectory(path: directory.filePath)
        #expect(try await Self.lockFreed(logDirectory), "the lock is free once the writer closed")
        // The probes run on a thread of their own, so that a busy cooperative pool (the rest
        // of the suite) cannot starve them while the writer opens.
        let counts = Locked((stop: false, probes: 0, held: 0))
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while true {
                let held = DirectoryLock.isHeld(logDirectory)
                let stop = counts.withLock { counts in
                    counts.probes += 1
                    if held { counts.held += 1 }
                    return counts.stop
                }
                if stop { break }
            }
            finished.signal()
        }
        while counts.withLock({ $0.probes }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        var refusals: [String] = []
        for round in 0..<500 {
            do {
                let writer = try await EventLog.open(at: directory.filePath, options: LogOptions(durability: .none))
                #expect(DirectoryLock.isHeld(logDirectory), "round \(round): a probe sees the writer")
                try await writer.close()
            } catch {
                refusals.append("round \(round): \(error)")
            }
        }
        counts.withLock { $0.stop = true }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                finished.wait()
                continuation.resume()
            }
        }
        let (probes, held) = counts.withLock { ($0.probes, $0.held) }
        #expect(refusals.isEmpty, "\(refusals.prefix(3))")
        #expect(probes > 1, "\(probes) probes, \(held) of them while a writer was open")
        #expect(try await Self.lockFreed(logDirectory), "the lock is free once the last writer closed")
    }

    /// Whether the lock is free, or frees within a bound that only a hang reaches. Closing
    /// releases it at once, but a child process that another test of this process is
    /// spawning (clone, then exec) holds a copy of every descriptor until its exec closes
    /// the close-on-exec ones, and a flock lives while any copy does: on a loaded machine
    /// that child once sat between the two while this test looked (CI, 2026-12-07).
    static func lockFreed(_ directory: LogDirectory) async throws -> Bool {
        let bound = ContinuousClock.now + Patience.duration(30)
        while DirectoryLock.isHeld(directory) {
            guard ContinuousClock.now < bound else { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
