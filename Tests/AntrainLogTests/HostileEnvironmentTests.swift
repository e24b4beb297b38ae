import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

@Suite("A hostile environment")
struct HostileEnvironmentTests {
    @Test("a file-size limit (EFBIG) fails the append cleanly; nothing partial is visible; without the limit appends go on",
          .disabled(if: Sanitizer.active == .thread,
                    "the thread sanitizer's runtime dies of SIGBUS under a file-size limit before the CLI runs; normal builds test it"))
    func fileSizeLimit() async throws {
        let directory = TemporaryDirectory()
        let logPath = directory.file("log")
        let seed = try await reopenForWriting(logPath)
        try await seed.append([Sample.event(0)], to: "seed")
        try await seed.close()
        // 400 incompressible events of ~2 KB: far more than a 64 KiB file-size limit allows.
        var generator = SystemRandomNumberGenerator()
        // Typed: GRDB (imported by AntrainEvents) adds a `joined` to sequences of its `SQL`,
        // which its members leak to this module and can win the inference.
        let lines: String = (0..<400).map { index in
            let noise = (0..<1500).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }.joined()
            return #"{"stream":"s\#(index)","type":"Noise","schemaVersion":1,"payload":"\#(noise)"}"#
        }.joined(separator: "\n")
        let input = directory.file("input.jsonl")
        try Data(lines.utf8).write(to: URL(fileURLWithPath: input))
        let errors = directory.file("stderr")
        let process = try SpawnedProcess(
            executable: "/bin/bash",
            arguments: ["-c", "ulimit -f 64; exec \"$0\" --log-dir \"$1\" append --segment-size 100000000 \"$2\"", antrainLog.path, logPath, input],
            stderr: .path(errors))
        process.waitUntilExit()
        let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(!process.endedBySignal, "SIGXFSZ must not kill the writer")
        #expect(process.terminationStatus != 0)
        #expect(message.contains("file-size limit"), "got: \(message)")
        #expect(fileSize(logPath + "/00000000000000000000.log") <= 64 * 1024)

        let log = try await reopenForWriting(logPath)
        #expect(log.openingCut == nil, "a failed write leaves no partial block to cut")
        let stored = try await log.allRecords().count
        #expect(stored >= 1 && stored < 401)
        #expect(try await log.verify().ok)
        let next = try await log.append([Sample.event(1)], to: "after")
        #expect(next.offsets == [UInt64(stored)])
        try await log.close()
    }

    @Test("a read-only file system: a clear error, and the next append succeeds once it is writable again",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func readOnlyFileSystem() async throws {
        try await withTmpfs(size: "1m") { mountPoint in
            let logPath = mountPoint.file("log")
            var log = try await reopenForWriting(logPath)
            try await log.append([Sample.event(0)], to: "s")
            try await log.close()

            #expect(mountRetryingWhileBusy("tmpfs", mountPoint.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), "size=1m") == 0)
            do {
                _ = try await EventLog.open(at: .init(logPath))
                Issue.record("opening for writing on a read-only file system should fail")
            } catch let LogError.notWritable(path, errno) {
                #expect(path.hasPrefix(logPath))
                #expect(errno == .readOnlyFileSystem)
            }
            let reader = try await EventLog.openReadOnly(at: .init(logPath))
            #expect(try await reader.allRecords().count == 1)

            #expect(mountRetryingWhileBusy("tmpfs", mountPoint.path, "tmpfs", UInt(MS_REMOUNT), "size=1m") == 0)
            log = try await reopenForWriting(logPath)
            let next = try await log.append([Sample.event(1)], to: "s", expectedVersion: .exact(0))
            #expect(next.offsets == [1])
            try await log.close()
        }
    }
}
