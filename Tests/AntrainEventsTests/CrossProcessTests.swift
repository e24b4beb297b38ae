import AntrainEvents
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

/// Starts `antrain-log append` on `lines` JSON Lines, each a separate append (streams alternate).
func startWriterProcess(log: String, count: Int) throws -> Process {
    let input = (0..<count).map { index in
        #"{"stream":"athlete-\#(index % 2)","type":"RawNote","schemaVersion":1,"payload":{"set":\#(index)}}"#
    }.joined(separator: "\n") + "\n"
    let inputFile = log + ".input.jsonl"
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputFile))
    let process = Process()
    process.executableURL = antrainLog
    process.arguments = ["--log-dir", log, "append", inputFile]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

@Suite("Across processes")
struct CrossProcessTests {
    @Test("a reader process reads while a writer process appends: always a gapless prefix, finally everything")
    func readerBesideWriterProcess() async throws {
        let directory = TemporaryDirectory()
        let logPath = directory.file("log")
        // Enough appends that the writer is still at work when the first read comes, even on a busy machine.
        let count = 60_000
        let writer = try startWriterProcess(log: logPath, count: count)
        var partialReads = 0
        var last = 0
        while true {
            let running = writer.isRunning
            if FileManager.default.fileExists(atPath: logPath + "/00000000000000000000.log") {
                let reader = try await EventLog.open(at: .init(logPath), mode: .readOnly)
                let offsets = try await reader.allRecords().map(\.offset)
                #expect(offsets == Array(0..<UInt64(offsets.count)), "a read must be a gapless prefix")
                #expect(offsets.count >= last, "what was read once stays readable")
                last = offsets.count
                if offsets.count > 0 && offsets.count < count { partialReads += 1 }
            }
            if !running { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        let reader = try await EventLog.open(at: .init(logPath), mode: .readOnly)
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
        let reader = try await EventLog.open(at: .init(logPath), mode: .readOnly)
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
        // A subscription never ends by itself: give it ten seconds to catch up, then stop it.
        let deadline = Task {
            try await Task.sleep(for: .seconds(10))
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
        let writer = try startWriterProcess(log: logPath, count: 40_000)
        defer { writer.terminate() }
        // Wait until the writer process holds the lock (it writes its pid into LOCK), then try.
        let lockFile = logPath + "/LOCK"
        while writer.isRunning, ((try? String(contentsOfFile: lockFile, encoding: .utf8)) ?? "").isEmpty {
            try await Task.sleep(for: .milliseconds(1))
        }
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
