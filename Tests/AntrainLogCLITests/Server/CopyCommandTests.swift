import AntrainTestSupport
import Foundation
import Testing

/// Issue 40: `antrain-log copy` between a directory log and a server log, through the binary,
/// checked by comparing exports (every event's offset, id, stream, version and time).
@Suite("copy: a directory log to a server and back")
struct CopyCommandTests {
    @Test("A directory log copied to the server and back: three equal exports, both verify, stock lz4 reads the mirror")
    func roundTrip() async throws {
        let server = try PostgresTestServer.shared()
        let source = try Scratch()
        let name = "copy-\(UUID().uuidString.prefix(12))"
        let generated = try await source.runOnLog(["generate", "--athletes", "1", "--weeks", "6", "--seed", "5"])
        #expect(generated.status == 0, "\(generated.stderr)")

        let up = try await source.runOnLog(["copy", "--to", server.url, "--log", name, "--format", "json"])
        #expect(up.status == 0, "\(up.stderr)")
        let upReport = try #require(try up.jsonLines().first)
        let events = try #require(upReport["copiedEvents"] as? Int)
        #expect(events > 1_000 && upReport["alreadyThere"] as? Int == 0 && upReport["endOffset"] as? Int == events)

        let mirror = source.url.appendingPathComponent("mirror").path
        let down = try await source.run(["copy", "--from", server.url, "--log", name, "--to", mirror])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stdout.contains("copied \(events) events"), "\(down.stdout)")

        let exported = try await source.runOnLog(["export", "--format", "jsonl"])
        let served = try await source.run(["export", "--format", "jsonl", "--store", server.url, "--log", name])
        let mirrored = try await source.run(["export", "--format", "jsonl", "--log-dir", mirror])
        #expect(exported.status == 0 && served.status == 0 && mirrored.status == 0)
        #expect(exported.stdout.split(separator: "\n").count == events)
        #expect(served.stdout == exported.stdout, "the server's copy exports otherwise")
        #expect(mirrored.stdout == exported.stdout, "the directory copied back exports otherwise")

        let verifiedServer = try await source.run(["verify", "--store", server.url, "--log", name])
        let verifiedMirror = try await source.run(["verify", "--log-dir", mirror])
        #expect(verifiedServer.status == 0, "\(verifiedServer.stdout) \(verifiedServer.stderr)")
        #expect(verifiedMirror.status == 0, "\(verifiedMirror.stdout) \(verifiedMirror.stderr)")
        let segments = try FileManager.default.contentsOfDirectory(atPath: mirror).filter { $0.hasSuffix(".log") }
        #expect(!segments.isEmpty)
        for segment in segments {
            let checked = try await Self.lz4Test(mirror + "/" + segment)
            #expect(checked == 0, "lz4 -t refuses \(segment)")
        }
    }

    @Test("A copy goes on after what an earlier copy left once the source grew; another log's copy into it is refused, and nothing is written")
    func resumeAndRefuse() async throws {
        let server = try PostgresTestServer.shared()
        let source = try Scratch()
        let name = "copy-\(UUID().uuidString.prefix(12))"
        _ = try await source.runOnLog(["generate", "--athletes", "1", "--weeks", "2", "--seed", "8"])
        let first = try await source.runOnLog(["copy", "--to", server.url, "--log", name, "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let firstCount = try #require(try first.jsonLines().first?["copiedEvents"] as? Int)

        let grown = try await source.runOnLog(["bodyweight", "80.5kg"])
        #expect(grown.status == 0, "\(grown.stderr)")
        let again = try await source.runOnLog(["copy", "--to", server.url, "--log", name, "--format", "json"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(try again.jsonLines().first)
        #expect(report["alreadyThere"] as? Int == firstCount)
        #expect((report["copiedEvents"] as? Int ?? 0) >= 1)
        let exported = try await source.runOnLog(["export", "--format", "jsonl"])
        let served = try await source.run(["export", "--format", "jsonl", "--store", server.url, "--log", name])
        #expect(served.stdout == exported.stdout)

        let other = try Scratch()
        _ = try await other.runOnLog(["generate", "--athletes", "1", "--weeks", "1", "--seed", "9"])
        let refused = try await other.runOnLog(["copy", "--to", server.url, "--log", name])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("not the start of this log"), "\(refused.stderr)")
        let after = try await source.run(["export", "--format", "jsonl", "--store", server.url, "--log", name])
        #expect(after.stdout == exported.stdout, "a refused copy wrote to the target")

        let unnamed = try await source.runOnLog(["copy", "--to", server.url])
        #expect(unnamed.status == 64 && unnamed.stderr.contains("--log NAME"), "\(unnamed.stderr)")
        let itself = try await source.runOnLog(["copy", "--to", source.log])
        #expect(itself.status == 64 && itself.stderr.contains("copy into another log"), "\(itself.stderr)")
    }

    @Test("copy --follow mirrors a server log into a directory as it grows, until interrupted: the mirror exports the same")
    func follow() async throws {
        let server = try PostgresTestServer.shared()
        let scratch = try Scratch(serverURL: server.url)
        let name = try #require(scratch.server?.name)
        #expect(try await scratch.runOnLog(["generate", "--athletes", "1", "--weeks", "1", "--seed", "4"]).status == 0)
        let start = try #require(try await scratch.runOnLog(["info", "--format", "json"]).jsonLines().first?["events"] as? Int)
        let mirror = scratch.url.appendingPathComponent("mirror").path
        let following = try CLI.start(["copy", "--from", server.url, "--log", name, "--to", mirror, "--follow", "--format", "json"],
                                      workingDirectory: scratch.url)
        try await following.waitForOutput { $0.contains(#""endOffset":\#(start)"#) }
        for number in 0..<3 {
            let line = eventLine(stream: "note-\(number)", payload: #"{"n":\#(number)}"#)
            #expect(try await scratch.runOnLog(["append"], stdin: line + "\n").status == 0)
        }
        try await following.waitForOutput { $0.contains(#""endOffset":\#(start + 3)"#) }
        following.process.terminate()
        let ended = try await following.finish()
        #expect(ended.status == 0, "\(ended.stderr)")
        // `cat` shows every record, of the domain's types or not (the notes appended here).
        let served = try await scratch.runOnLog(["cat", "--format", "json"])
        let mirrored = try await scratch.run(["cat", "--format", "json", "--log-dir", mirror])
        #expect(served.status == 0 && mirrored.status == 0)
        #expect(mirrored.stdout == served.stdout)
        #expect(served.stdout.split(separator: "\n").count == start + 3)
    }

    /// The exit status of the stock `lz4 -t FILE`.
    static func lz4Test(_ path: String) async throws -> Int32 {
        let process = try SpawnedProcess(executable: "/usr/bin/env", arguments: ["lz4", "-t", "-q", path])
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }
}
