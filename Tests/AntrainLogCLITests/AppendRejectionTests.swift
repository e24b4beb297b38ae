import Foundation
import Testing

/// Bad `append` input: every problem named by line and field, and nothing appended.
@Suite struct AppendRejectionTests {
    @Test func badJSONOnLine3AppendsNothingFromTheInput() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: eventLine(stream: "before")).status == 0)

        let input = [
            eventLine(stream: "a"),
            eventLine(stream: "a"),
            #"{"stream":"a","type":"SetLogged","schemaVersion":1 "payload":{}}"#,
            eventLine(stream: "b"),
        ].joined(separator: "\n")
        let result = try await scratch.runOnLog(["append"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 3: not valid JSON"))
        #expect(result.stderr.contains("nothing was appended"))
        #expect(result.stdout.isEmpty)

        let cat = try await scratch.runOnLog(["cat", "--format", "json"])
        #expect(try cat.jsonLines().map { $0["stream"] as? String } == ["before"])
    }

    @Test func eachProblemNamesItsLineAndField() async throws {
        let scratch = try Scratch()
        let input = [
            eventLine(stream: "ok"),
            #"{"stream":"a","schemaVersion":1,"payload":{}}"#,
            #"{"stream":"","type":7,"schemaVersion":"1","payload":{}}"#,
            "",
            #"{"stream":"a","type":"T","schemaVersion":1,"payload":1,"expectedVersion":-1,"id":"nope"}"#,
            "[]",
        ].joined(separator: "\n")
        let result = try await scratch.runOnLog(["append"], stdin: input)
        #expect(result.status == 65)
        let expected = [
            #"line 2: field "type": is missing"#,
            #"line 3: field "stream": must not be empty"#,
            #"line 3: field "type": must be a string, not a number"#,
            #"line 3: field "schemaVersion": must be a whole number from 0 to 65535, not "1""#,
            #"line 5: field "id": must be a UUID string"#,
            #"line 5: field "expectedVersion": must be "any", "noStream" or a stream version"#,
            "line 6: must be a JSON object, not an array",
        ]
        for message in expected { #expect(result.stderr.contains(message), "missing: \(message)\n\(result.stderr)") }
        // Nothing was appended, and a log that did not exist was not created.
        #expect(!FileManager.default.fileExists(atPath: scratch.log))
    }

    @Test func theLogsLimitsAreCheckedBeforeAnythingIsAppended() async throws {
        let scratch = try Scratch()
        let long = String(repeating: "s", count: 300)
        let input = [eventLine(stream: "ok"), eventLine(stream: long), eventLine(stream: "ok", type: long)].joined(separator: "\n")
        let result = try await scratch.runOnLog(["append"], stdin: input)
        #expect(result.status == 65)
        for message in [#"line 2: field "stream": is 300 UTF-8 bytes; allowed: 1 to 255"#,
                        #"line 3: field "type": is 300 UTF-8 bytes; allowed: 1 to 255"#] {
            #expect(result.stderr.contains(message), "missing: \(message)\n\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.log), "nothing was appended, and no log was created")
    }

    @Test func aWrongExpectedVersionIsRejectedWithItsOwnStatus() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: eventLine(stream: "s")).status == 0)
        let result = try await scratch.runOnLog(["append"], stdin: eventLine(stream: "s", extra: #""expectedVersion":"noStream""#))
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 1: stream 's' is at version 0, but the append expected no stream"))
        #expect(result.stderr.contains("fix: "))
        #expect(try await scratch.runOnLog(["cat"]).lines.count == 1)
    }

    @Test func aMissingInputFileIsNoInput() async throws {
        let scratch = try Scratch()
        let result = try await scratch.runOnLog(["append", "does-not-exist.jsonl"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("cannot read the input file does-not-exist.jsonl"))
    }
}
