import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import SystemPackage
import Testing

/// The writer lock, `tail --follow` across processes, and finding the log directory.
@Suite struct LockFollowAndLocationTests {
    @Test func aSecondWriterGetsTheLockedStatusNamingPathAndHolder() async throws {
        let scratch = try Scratch()
        // This test process is the first writer; the command is told not to wait for it.
        let log = try await EventLog.open(at: FilePath(scratch.log))
        let result = try await scratch.runOnLog(["append"], stdin: eventLine(stream: "s"), environment: ["ANTRAIN_LOCK_WAIT": "0"])
        try await log.close()

        #expect(result.status == 73)
        #expect(result.stderr.contains(scratch.log))
        #expect(result.stderr.contains("process \(getpid())"))
        let cat = try await scratch.runOnLog(["cat"])
        #expect(cat.status == 0 && cat.stdout.isEmpty, "the refused append stored nothing")
    }

    @Test("A writing command waits for another writer to finish, then appends")
    func aSecondWriterWaitsForTheFirst() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: eventLine(stream: "first")).status == 0)
        // This test process is the first writer, for a moment; the command's wait is made
        // longer than any load can stretch that moment (the default is 30 s).
        let log = try await EventLog.open(at: FilePath(scratch.log))
        let waiting = try CLI.start(["append", "--log-dir", scratch.log], stdin: eventLine(stream: "second"),
                                    environment: ["ANTRAIN_LOCK_WAIT": String(Int(Patience.seconds(300)))],
                                    workingDirectory: scratch.url)
        try await Task.sleep(for: .milliseconds(300))
        #expect(waiting.process.isRunning, "the second writer waits while the first holds the lock")
        _ = try await log.append([ProposedEvent(type: "RawNote", payload: Array("{}".utf8))], to: "held")
        try await log.close()
        let result = try await waiting.finish()
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try await scratch.runOnLog(["cat", "--format", "json"]).jsonLines().map { $0["stream"] as? String }
        #expect(streams == ["first", "held", "second"])
    }

    @Test func verifyFallsBackToReadOnlyWhileAWriterHoldsTheLock() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: eventLine(stream: "s")).status == 0)
        let log = try await EventLog.open(at: FilePath(scratch.log))
        let result = try await scratch.runOnLog(["verify", "--format", "json"])
        let cat = try await scratch.runOnLog(["cat"])
        try await log.close()

        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try result.jsonLines().first)
        #expect(report["readOnly"] as? Bool == true)
        #expect(report["lockHolderPid"] as? Int == Int(getpid()))
        #expect(cat.status == 0 && cat.lines.count == 1, "readers run beside a writer")
    }

    @Test func tailFollowPrintsARecordAppendedByAnotherProcessAndStopsCleanlyOnSIGTERM() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: eventLine(stream: "first")).status == 0)

        let tail = try CLI.start(["tail", "-n", "1", "--follow", "--format", "json", "--log-dir", scratch.log],
                                 workingDirectory: scratch.url)
        // Once the last record is out, tail has found the end and is following.
        try await tail.waitForOutput { $0.contains(#""stream":"first""#) }

        let append = try await scratch.runOnLog(["append"], stdin: eventLine(stream: "second", payload: #"{"n":2}"#))
        #expect(append.status == 0)
        try await tail.waitForOutput { $0.contains(#""stream":"second""#) }

        tail.process.terminate()
        let result = try await tail.finish()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.jsonLines().map { $0["stream"] as? String } == ["first", "second"])
        #expect(try result.jsonLines().last?["offset"] as? Int == 1)
    }

    @Test func tailPrintsTheLastRecordsAcrossSegments() async throws {
        let scratch = try Scratch()
        let lines = (0..<9).map { eventLine(stream: "s\($0 % 2)", payload: #"{"pad":"\#(String(repeating: "y", count: 200))"}"#) }
        #expect(try await scratch.runOnLog(["append", "--segment-size", "700"], stdin: lines.joined(separator: "\n")).status == 0)
        let result = try await scratch.runOnLog(["tail", "-n", "4", "--format", "json"])
        #expect(result.status == 0)
        #expect(try result.jsonLines().map { $0["offset"] as? Int } == [5, 6, 7, 8])
    }

    @Test func theLogDirectoryComesFromTheEnvironmentWhenNotGiven() async throws {
        let scratch = try Scratch()
        let environment = ["ANTRAIN_LOG_DIR": scratch.log]
        #expect(try await scratch.run(["append"], stdin: eventLine(stream: "env"), environment: environment).status == 0)
        let info = try await scratch.run(["info", "--format", "json"], environment: environment)
        #expect(try info.jsonLines().first?["path"] as? String == scratch.log)
        #expect(try info.jsonLines().first?["events"] as? Int == 1)

        // Without ANTRAIN_LOG_DIR, $XDG_DATA_HOME/antrain/log.
        let data = scratch.url.appendingPathComponent("data").path
        #expect(try await scratch.run(["append"], stdin: eventLine(stream: "xdg"), environment: ["XDG_DATA_HOME": data]).status == 0)
        #expect(FileManager.default.fileExists(atPath: data + "/antrain/log/00000000000000000000.log"))

        // --log-dir wins over the environment, before or after the command's name.
        let other = scratch.url.appendingPathComponent("other").path
        #expect(try await scratch.run(["--log-dir", other, "append"], stdin: eventLine(stream: "flag"), environment: environment).status == 0)
        let cat = try await scratch.run(["cat", "--log-dir", other], environment: environment)
        #expect(cat.lines.count == 1 && cat.stdout.contains(" flag@0 "))
    }
}
