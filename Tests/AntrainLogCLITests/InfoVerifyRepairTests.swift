import Foundation
import Testing

/// `info`, `verify` and `repair`, on a sound log and on one with a flipped byte.
@Suite struct InfoVerifyRepairTests {
    /// Appends `count` events as separate appends (alternating streams), so with a small
    /// segment size the log spans several segments.
    static func fill(_ scratch: Scratch, count: Int, segmentSize: Int? = nil) async throws {
        let lines = (0..<count).map { index in
            eventLine(stream: "s\(index % 2)", payload: #"{"index":\#(index),"pad":"\#(String(repeating: "x", count: 60))"}"#)
        }
        let sizeOption = segmentSize.map { ["--segment-size", "\($0)"] } ?? []
        let result = try await scratch.runOnLog(["append"] + sizeOption, stdin: lines.joined(separator: "\n"))
        try #require(result.status == 0, "\(result.stderr)")
    }

    @Test func infoJSONReportsSizesCountsAndChainHead() async throws {
        let scratch = try Scratch()
        try await Self.fill(scratch, count: 5)
        let result = try await scratch.runOnLog(["info", "--format", "json"])
        #expect(result.status == 0)
        let info = try #require(try result.jsonLines().first)
        #expect(info["events"] as? Int == 5)
        #expect(info["segments"] as? Int == 1)
        #expect((info["bytesOnDisk"] as? Int ?? 0) > 0)
        #expect((info["uncompressedBytes"] as? Int ?? 0) > 0)
        #expect((info["chainHead"] as? String)?.count == 64)
        #expect(info["streams"] as? Int == 2)
        #expect((info["eventsPerType"] as? [String: Int]) == ["RawNote": 5])
    }

    @Test func verifyJSONOnASoundLogExitsZero() async throws {
        let scratch = try Scratch()
        try await Self.fill(scratch, count: 5)
        let head = try await scratch.runOnLog(["info", "--format", "json"]).jsonLines().first?["chainHead"] as? String

        let result = try await scratch.runOnLog(["verify", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress bar on a pipe")
        let report = try #require(try result.jsonLines().first)
        #expect(report["ok"] as? Bool == true)
        #expect((report["problems"] as? [Any])?.isEmpty == true)
        #expect(report["events"] as? Int == 5)
        #expect(report["segments"] as? Int == 1)
        #expect((report["bytesOnDisk"] as? Int ?? 0) > 0)
        #expect((report["uncompressedBytes"] as? Int ?? 0) > 0)
        #expect(report["chainHead"] as? String == head)
    }

    @Test func expectHeadPassesForAnEarlierHeadAndFailsForAnUnknownOne() async throws {
        let scratch = try Scratch()
        try await Self.fill(scratch, count: 3)
        let earlier = try #require(try await scratch.runOnLog(["info", "--format", "json"]).jsonLines().first?["chainHead"] as? String)
        try await Self.fill(scratch, count: 3)

        let found = try await scratch.runOnLog(["verify", "--expect-head", earlier.uppercased()])
        #expect(found.status == 0, "\(found.stdout)")
        #expect(found.stdout.contains("expected head:      \(earlier) found"))

        let unknown = String(repeating: "ab", count: 32)
        let missing = try await scratch.runOnLog(["verify", "--expect-head", unknown, "--format", "json"])
        #expect(missing.status == 3)
        let report = try #require(try missing.jsonLines().first)
        #expect(report["ok"] as? Bool == true)
        #expect((report["expectHead"] as? [String: Any])?["found"] as? Bool == false)

        let malformed = try await scratch.runOnLog(["verify", "--expect-head", "abc"])
        #expect(malformed.status == 64)
    }

    @Test func aFlippedByteIsFoundBlocksAppendsUntilRepairAndRepairRestoresAppends() async throws {
        let scratch = try Scratch()
        try await Self.fill(scratch, count: 12, segmentSize: 1024)
        let first = "00000000000000000000.log"
        let segments = try FileManager.default.contentsOfDirectory(atPath: scratch.log).filter { $0.hasSuffix(".log") }
        try #require(segments.count >= 3, "the small segment size should give several segments: \(segments)")

        // Flip a byte in the middle of the first segment: sealed, since later ones exist.
        let path = scratch.log + "/" + first
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))

        let verify = try await scratch.runOnLog(["verify", "--format", "json"])
        #expect(verify.status == 2)
        let report = try #require(try verify.jsonLines().first)
        #expect(report["ok"] as? Bool == false)
        let problem = try #require((report["problems"] as? [[String: Any]])?.first)
        #expect(problem["kind"] as? String == "corruption")
        #expect((problem["damage"] as? [String: Any])?["segment"] as? String == first)
        let text = try await scratch.runOnLog(["verify"])
        #expect(text.status == 2)
        #expect(text.stdout.contains("problem: corruption in \(first)"))

        let refused = try await scratch.runOnLog(["append"], stdin: eventLine(stream: "after"))
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the log is damaged"))
        #expect(refused.stderr.contains("antrain-log repair"))

        let repair = try await scratch.runOnLog(["repair", "--format", "json"])
        #expect(repair.status == 0, "\(repair.stderr)")
        let repaired = try #require(try repair.jsonLines().first)
        #expect(repaired["repaired"] as? Bool == true)
        #expect((repaired["quarantined"] as? [String])?.contains { $0.hasPrefix("quarantine/") } == true)
        #expect((repaired["endOffset"] as? Int ?? .max) < (repaired["previousEndOffset"] as? Int ?? 0))

        let append = try await scratch.runOnLog(["append"], stdin: eventLine(stream: "after"))
        #expect(append.status == 0, "\(append.stderr)")
        #expect(try await scratch.runOnLog(["verify"]).status == 0)
        #expect(try await scratch.runOnLog(["cat", "--stream", "after"]).lines.count == 1)
    }

    @Test func aMissingLogIsReportedNotCreated() async throws {
        let scratch = try Scratch()
        for command in ["info", "verify", "repair", "cat", "tail"] {
            let result = try await scratch.runOnLog([command])
            #expect(result.status == 66, "\(command)")
            #expect(result.stderr.contains("there is no log at \(scratch.log)"), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.log))

        // A directory that exists but holds no log (a mistyped --log-dir) is left untouched.
        try FileManager.default.createDirectory(atPath: scratch.log, withIntermediateDirectories: true)
        for command in ["verify", "repair"] {
            let result = try await scratch.runOnLog([command])
            #expect(result.status == 66, "\(command)")
            #expect(result.stderr.contains("holds no segment files"), "\(command): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.log).isEmpty)
    }

    @Test func verifyCutsATornLastBlockAndReportsIt() async throws {
        let scratch = try Scratch()
        try await Self.fill(scratch, count: 2)
        // Chop the end of the last block, as a crash in the middle of a write would.
        let path = scratch.log + "/00000000000000000000.log"
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.truncate(atOffset: try handle.seekToEnd() - 10)
        try handle.close()

        let result = try await scratch.runOnLog(["verify", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try #require(try result.jsonLines().first)
        #expect(report["events"] as? Int == 1)
        let cut = try #require(report["openingCut"] as? [String: Any])
        #expect(cut["segment"] as? String == "00000000000000000000.log")
        let kept = try #require(cut["quarantineFile"] as? String)
        #expect(FileManager.default.fileExists(atPath: scratch.log + "/" + kept))
    }
}
