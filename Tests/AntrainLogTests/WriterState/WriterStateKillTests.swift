import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// A writer killed with SIGKILL never saves its state: the next writer catches up from the
/// position the last save left.
@Suite("The writer's state after kill -9")
struct WriterStateKillTests {
    @Test("a writer killed before saving leaves a state behind the log, which the next writer catches up")
    func killedWriterIsCaughtUp() async throws {
        let directory = TemporaryDirectory("state-kill")
        let logPath = directory.file("log")
        let first = try await StressProcess.run(["write", "--log", logPath, "--stream-prefix", "first", "--count", "20"])
        #expect(first.exitStatus == 0, "\(first.stderr)")
        // Killed soon after its first append: its state is usually never saved (a save waits a
        // second), but a loaded machine can stretch its run past that, so the test reads
        // where the last save left the state rather than assuming it.
        let second = try await StressProcess.run(["write", "--log", logPath, "--stream-prefix", "second", "--count", "1000000",
                                                  "--pause-ms", "1"], kill: .afterFirstLine(.milliseconds(100)))
        #expect(second.signal == SIGKILL, "\(second.endDescription): \(second.stderr)")
        let acks = second.lines.compactMap { line -> (offset: UInt64, id: UUID)? in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "ack", let offset = UInt64(words[1]), let id = UUID(uuidString: String(words[2])) else { return nil }
            return (offset, id)
        }
        let lastAck = try #require(acks.last)
        let saved = try StateFiles(directory: logPath).savedOffset()

        let log = try await reopenForWriting(logPath)
        let end = try await log.end().nextOffset
        #expect(end > 20)
        #expect(saved >= 20 && saved <= end, "the state was saved at \(saved), the log ends at \(end)")
        var versions: [String: UInt64] = [:]
        for try await record in log.records() { versions[record.streamID] = record.streamVersion }
        let workout = StreamName.workout(UUID.stable("second", "workout"))
        #expect(try await log.streamVersion(of: StreamName.bodyweight) == versions[StreamName.bodyweight])
        let statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == Int(end - saved), "only what followed the last save is read: \(statistics)")
        #expect(statistics.rebuildReason == nil)
        print("state after kill -9: \(acks.count) acknowledged appends of the killed writer, state saved at \(saved), \(statistics.recordsScanned) records read to catch up (log end \(end))")
        #expect(try await log.streamVersion(of: workout) == versions[workout])
        await #expect(throws: LogError.duplicateEventID(lastAck.id, existingOffset: lastAck.offset)) {
            try await log.append([event(lastAck.id)], to: "other")
        }
        let version = try #require(versions[StreamName.bodyweight])
        let next = try await log.append([Sample.event(0)], to: StreamName.bodyweight, expectedVersion: .exact(version))
        #expect(next.offsets == [end] && next.streamVersion == version + 1)
        try await log.close()
    }
}
