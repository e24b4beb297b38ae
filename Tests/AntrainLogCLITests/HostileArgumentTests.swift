import Foundation
import Testing

/// Item 7 of issue 6: every command, given missing, malformed, out-of-range and hostile
/// arguments, says what is wrong, exits non-zero, and appends nothing.
@Suite struct HostileArgumentTests {
    /// A seeded log (145 events) and a way to count its events.
    static func seeded() async throws -> Scratch {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["seed"]).status == 0)
        return scratch
    }

    static func events(_ scratch: Scratch) async throws -> Int? {
        try await scratch.runOnLog(["info", "--format", "json"]).jsonLines().first?["events"] as? Int
    }

    /// Runs `arguments`; expects a failure with `status` whose stderr contains `message`, and
    /// the log unchanged.
    static func expectRefused(_ scratch: Scratch, _ arguments: [String], status: Int32, _ message: String, stdin: String? = nil,
                              onLog: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let result = onLog ? try await scratch.runOnLog(arguments, stdin: stdin) : try await scratch.run(arguments, stdin: stdin)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try await events(scratch) == 145, "\(arguments) changed the log", sourceLocation: sourceLocation)
    }

    @Test func malformedAndOutOfRangeOptions() async throws {
        let scratch = try await Self.seeded()
        let huge = "99999999999999999999999"
        try await Self.expectRefused(scratch, ["cat", "--from", huge], status: 64, "is invalid for '--from <offset>'")
        try await Self.expectRefused(scratch, ["cat", "--from", "NaN"], status: 64, "is invalid for '--from <offset>'")
        try await Self.expectRefused(scratch, ["cat", "--to", "-1"], status: 64, "'--to <offset>'")
        try await Self.expectRefused(scratch, ["cat", "--from", "10", "--to", "3"], status: 64, "--to (3) must not be less than --from (10)")
        try await Self.expectRefused(scratch, ["cat", "--since", "yesterday"], status: 64, "--since 'yesterday' is not an ISO 8601 date")
        try await Self.expectRefused(scratch, ["cat", "--since", "2025-13-45"], status: 64, "is not an ISO 8601 date")
        try await Self.expectRefused(scratch, ["cat", "--type", ""], status: 64, "--type must not be empty")
        try await Self.expectRefused(scratch, ["cat", "--stream", String(repeating: "s", count: 100_000)], status: 64,
                                     "--stream is 100000 UTF-8 bytes; stream and type names are at most 255")
        try await Self.expectRefused(scratch, ["tail", "-n", huge], status: 64, "is invalid for '-n <n>'")
        try await Self.expectRefused(scratch, ["tail", "-n", "NaN"], status: 64, "is invalid for '-n <n>'")
        try await Self.expectRefused(scratch, ["verify", "--expect-head", "zz"], status: 64, "--expect-head must be 64 hexadecimal digits")
        try await Self.expectRefused(scratch, ["verify", "--expect-head", String(repeating: "f", count: 65)], status: 64,
                                     "--expect-head must be 64 hexadecimal digits")
        try await Self.expectRefused(scratch, ["info", "--format", "yaml"], status: 64, "'--format <format>'")
        try await Self.expectRefused(scratch, ["cat", "--from"], status: 64, "Missing value for '--from <offset>'")
        try await Self.expectRefused(scratch, ["bogus"], status: 64, "\"antrain-log bogus\" is not a command")
    }

    @Test func pathTricksInLogDir() async throws {
        let scratch = try await Self.seeded()
        let file = scratch.url.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let empty = scratch.url.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try await Self.expectRefused(scratch, ["--log-dir", "", "info"], status: 64, "--log-dir must name a directory; it is empty", onLog: false)
        try await Self.expectRefused(scratch, ["--log-dir", file, "info"], status: 66, "it is a file, not a directory", onLog: false)
        try await Self.expectRefused(scratch, ["--log-dir", "/dev/null", "verify"], status: 66, "it is a file, not a directory", onLog: false)
        try await Self.expectRefused(scratch, ["--log-dir", empty, "repair"], status: 66, "the directory holds no segment files", onLog: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty, "repair must not litter a directory that holds no log")
        try await Self.expectRefused(scratch, ["--log-dir", empty + "/../empty/./", "cat"], status: 66, "holds no segment files", onLog: false)
        let tooLong = "/tmp/" + String(repeating: "d", count: 5000)
        let long = try await scratch.run(["--log-dir", tooLong, "append"], stdin: "")
        #expect(long.status != 0 && !long.stderr.isEmpty, "\(long.stderr)")
        #expect(try await Self.events(scratch) == 145)
    }

    @Test func hostileAppendInputAppendsNothing() async throws {
        let scratch = try await Self.seeded()
        let workout = "6F9619FF-8B86-4011-B42D-00CF4FC964FF"
        func rpe(_ value: String) -> String { #"{"type":"WorkoutRPERecorded","event":{"workoutID":"\#(workout)","rpe":\#(value)}}"# }
        try await Self.expectRefused(scratch, ["append"], status: 65, #"field "event.rpe": is -0 (negative zero)"#, stdin: rpe("-0") + "\n")
        try await Self.expectRefused(scratch, ["append"], status: 65, "beyond the largest number a field can hold", stdin: rpe("1e400") + "\n")
        try await Self.expectRefused(scratch, ["append"], status: 65, "not valid JSON", stdin: rpe("NaN") + "\n")
        try await Self.expectRefused(scratch, ["append"], status: 65, "is 11; allowed: a finite number from 1 to 10",
                                     stdin: rpe("8") + "\n" + rpe("11") + "\n")
        let notes = #"{"type":"WorkoutNotesChanged","event":{"workoutID":"\#(workout)","notes":"\#(String(repeating: "n", count: 1_000_000))"}}"#
        try await Self.expectRefused(scratch, ["append"], status: 65, "allowed: at most 500 characters", stdin: notes + "\n")
        try await Self.expectRefused(scratch, ["append"], status: 65, "is not a field of WorkoutRPERecorded",
                                     stdin: #"{"type":"WorkoutRPERecorded","event":{"workoutID":"\#(workout)","rpe":8,"rpe ":9}}"# + "\n")
        // Invalid UTF-8 cannot travel through a Swift String: write the bytes to a file.
        let file = scratch.url.appendingPathComponent("bad.jsonl")
        try Data(Array(rpe("8").utf8.dropLast(2)) + [0x2C, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D, 0x7D, 0x0A]).write(to: file)
        try await Self.expectRefused(scratch, ["append", file.path], status: 65, "not valid UTF-8")
        try await Self.expectRefused(scratch, ["append", scratch.url.appendingPathComponent("missing.jsonl").path], status: 66,
                                     "cannot read the input file")
    }
}
