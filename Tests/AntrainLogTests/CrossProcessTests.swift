import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The `antrain-log` binary built beside the tests: a writer in another process. It sits next
/// to the test binary, whatever the build folder (`.build`, or a sanitizer's `.build-tsan`).
let antrainLog: URL = {
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        let sibling = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("antrain-log")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
    }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent(".build/debug/antrain-log")
}()

/// The `antrain-stress` binary built beside the tests.
let antrainStress = antrainLog.deletingLastPathComponent().appendingPathComponent("antrain-stress")

/// Starts a writer process: `antrain-stress write`, one durable (fsynced) append per event,
/// printing `ack OFFSET ID` after each. Durable appends keep it at work long enough for the
/// test to meet it mid-way however busy the machine is.
func startWriterProcess(log: String, count: Int, pauseMilliseconds: Int = 0, holdAt: Int? = nil, output: Pipe? = nil) throws -> SpawnedProcess {
    let arguments = ["write", "--log", log, "--stream-prefix", "athlete", "--count", String(count), "--batch", "1",
                     "--pause-ms", String(pauseMilliseconds)]
        + (holdAt.map { ["--hold-at", String($0), "--hold-until", log + ".go"] } ?? [])
    let process = try SpawnedProcess(executable: antrainStress.path, arguments: arguments,
                                     stdout: output.map { .descriptor($0.fileHandleForWriting.fileDescriptor) } ?? .null)
    // The child has its own copy of the pipe's write end: ours would keep the pipe open.
    try output?.fileHandleForWriting.close()
    return process
}

@Suite("Across processes")
struct CrossProcessTests {
    @Test("a reader process reads while a writer process appends: always a gapless prefix, finally everything")
    func readerBesideWriterProcess() async throws {
        let directory = TemporaryDirectory()
        let logPath = directory.file("log")
        // The writer pauses a little after each append, and holds after half of them until
        // the test has read once, so reads meet it mid-way however the machine schedules them.
        let count = 400
        let writer = try startWriterProcess(log: logPath, count: count, pauseMilliseconds: 1, holdAt: count / 2)
        defer { _ = FileManager.default.createFile(atPath: logPath + ".go", contents: nil) }
        var partialReads = 0
        var last = 0
        while true {
            let running = writer.isRunning
            if FileManager.default.fileExists(atPath: logPath + "/00000000000000000000.log") {
                let reader = try await EventLog.openReadOnly(at: .init(logPath))
                let offsets = try await reader.allRecords().map(\.offset)
                #expect(offsets == Array(0..<UInt64(offsets.count)), "a read must be a gapless prefix")
                #expect(offsets.count >= last, "what was read once stays readable")
                last = offsets.count
                if offsets.count > 0 && offsets.count < count { partialReads += 1 }
                if offsets.count >= count / 2 { _ = FileManager.default.createFile(atPath: logPath + ".go", contents: nil) }
            }
            if !running { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        let reader = try await EventLog.openReadOnly(at: .init(logPath))
        #expect(try await reader.allRecords().count == count)
        #expect(partialReads > 0, "at least one read happened while the other process was writing")
    }

    @Test("a subscription in this process sees every event another process appends, once and in order")
    func subscriptionFollowsAnotherProcess() async throws {
        let directory = TemporaryDirectory()
        let logPath = directory.file("log")
        let seed = try await reopenForWriting(logPath)
        try await seed.append([Sample.event(0)], to: "seed")
        try await seed.close()
        let reader = try await EventLog.openReadOnly(at: .init(logPath))
        let count = 300
        let collector = Task {
            var seen: [UInt64] = []
            for try await record in reader.subscribe(pollInterval: .milliseconds(10)) {
                seen.append(record.offset)
                if seen.count == count + 1 { break }
            }
            return seen
        }
        let writer = try startWriterProcess(log: logPath, count: count)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        // A subscription never ends by itself: stop it if it has not caught up within
        // Patience's bound for a hang (it takes milliseconds).
        let deadline = Task {
            try await Task.sleep(for: Patience.duration(60))
            collector.cancel()
        }
        let seen = try await collector.value
        deadline.cancel()
        #expect(seen == Array(0...UInt64(count)))
    }

    @Test("a writer in another process keeps this process from writing, and names itself")
    func lockAcrossProcesses() async throws {
        let directory = TemporaryDirectory()
        let logPath = directory.file("log")
        let acks = Pipe()
        let writer = try startWriterProcess(log: logPath, count: 1_000_000, output: acks)
        defer {
            writer.terminate()
            writer.waitUntilExit()
        }
        // The first acknowledged append proves the writer process holds the lock; it goes on
        // appending (durably, so for minutes) until terminated.
        let firstLine = acks.fileHandleForReading.availableData
        try #require(String(decoding: firstLine, as: UTF8.self).hasPrefix("ack "), "the writer process never appended")
        var outcome: LogError?
        do {
            let log = try await EventLog.open(at: .init(logPath))
            try await log.close()
        } catch let error as LogError {
            outcome = error
        }
        guard case let .locked(path, holder) = outcome else {
            Issue.record("expected the lock error while the writer process runs, got \(String(describing: outcome))")
            return
        }
        #expect(path == logPath)
        #expect(holder == writer.processIdentifier)
    }
}
