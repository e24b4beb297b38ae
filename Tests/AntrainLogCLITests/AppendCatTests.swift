import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage
import Testing

/// `append` then `cat`: what goes in comes out, in both output formats, through filters.
@Suite struct AppendCatTests {
    static let id0 = "0b5f2a8e-5d1c-4b7a-9f3e-2c1d0e9f8a70"
    static let correlation = "9b2c6a52-0d5e-4a7e-9a51-2b1f3c4d5e6f"

    /// Three events over two streams; the first with every optional field.
    static let input = [
        eventLine(stream: "workout-1", payload: #"{"exercise": "squat", "kg": 82.50, "note": "größer\n"}"#,
                  extra: #""id":"\#(id0)","recordedAt":"2025-03-01T10:00:00.123456Z","correlationId":"\#(correlation)""#),
        eventLine(stream: "workout-1", payload: "[1, 2, 3]", extra: #""recordedAt":"2025-03-01T10:00:01Z""#),
        eventLine(stream: "day-2025-03-01", type: "MealLogged", payload: #""kcal 650""#,
                  extra: #""recordedAt":"2025-03-01T12:30:00+01:00","expectedVersion":"noStream""#),
    ].joined(separator: "\n") + "\n"

    @Test func appendPrintsASummaryAndCatTextShowsEachRecordOnOneLine() async throws {
        let scratch = try Scratch()
        let append = try await scratch.runOnLog(["append"], stdin: Self.input)
        #expect(append.status == 0, "\(append.stderr)")
        #expect(append.stdout == "appended 3 events, 0 already stored; offsets 0 to 2\n")

        let cat = try await scratch.runOnLog(["cat"])
        #expect(cat.status == 0)
        #expect(cat.lines == [
            #"0 2025-03-01T10:00:00.123456+00:00 workout-1@0 RawNote {"exercise":"squat","kg":82.50,"note":"größer\n"}"#,
            "1 2025-03-01T10:00:01.000000+00:00 workout-1@1 RawNote [1,2,3]",
            #"2 2025-03-01T11:30:00.000000+00:00 day-2025-03-01@0 MealLogged "kcal 650""#,
        ])
    }

    @Test func catJSONLinesCarryEveryFieldAndThePayloadAsWritten() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: Self.input).status == 0)

        let cat = try await scratch.runOnLog(["cat", "--format", "json"])
        #expect(cat.status == 0)
        let records = try cat.jsonLines()
        try #require(records.count == 3)
        #expect(records[0]["offset"] as? Int == 0)
        // Given in lower case, printed as every id is: upper case.
        #expect(records[0]["id"] as? String == Self.id0.uppercased())
        #expect(records[0]["stream"] as? String == "workout-1")
        #expect(records[0]["streamVersion"] as? Int == 0)
        #expect(records[0]["type"] as? String == "RawNote")
        #expect(records[0]["schemaVersion"] as? Int == 1)
        #expect(records[0]["recordedAt"] as? String == "2025-03-01T10:00:00.123456Z")
        #expect(records[0]["correlationID"] as? String == Self.correlation.uppercased())
        #expect(records[0]["causationID"] == nil, "absent ids are omitted, not null")
        #expect((records[0]["payload"] as? [String: Any])?["exercise"] as? String == "squat")
        // Numbers keep their written form and members their order.
        #expect(cat.lines[0].hasSuffix(#""payload":{"exercise":"squat","kg":82.50,"note":"größer\n"}}"#))
        #expect(records[1]["streamVersion"] as? Int == 1)
        #expect(records[1]["payload"] as? [Int] == [1, 2, 3])
        #expect(records[2]["recordedAt"] as? String == "2025-03-01T11:30:00.000000Z")
        #expect(records[2]["payload"] as? String == "kcal 650")
        #expect(records.allSatisfy { $0["payloadBase64"] == nil })
    }

    @Test func payloadsThatAreNotJSONAreShownAsBase64() async throws {
        let scratch = try Scratch()
        // Appended through the engine: the CLI itself only ever stores JSON text.
        let log = try await EventLog.open(at: FilePath(scratch.log))
        try await log.append([ProposedEvent(type: "Blob", payload: [0xFF, 0x00, 0x7B])], to: "binary")
        try await log.close()

        let text = try await scratch.runOnLog(["cat"])
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix(" binary@0 Blob base64:/wB7\n"))
        let json = try await scratch.runOnLog(["cat", "--format", "json"]).jsonLines()
        #expect(json.first?["payloadBase64"] as? String == "/wB7")
        #expect(json.first?["payload"] == nil)
    }

    @Test func catThenAppendKeepsEveryRawPayloadByteForByte() async throws {
        let scratch = try Scratch()
        // Through the engine, payloads the CLI would never write: JSON with white space, and bytes.
        let payloads: [[UInt8]] = [Array(#"{"a": 1,  "b" : [2]}"#.utf8), Array(#"{"a":1}"#.utf8), [0xFF, 0x00, 0x7B]]
        let log = try await EventLog.open(at: FilePath(scratch.log))
        for payload in payloads { try await log.append([ProposedEvent(type: "Blob", payload: payload)], to: "raw") }
        try await log.close()

        let cat = try await scratch.runOnLog(["cat", "--format", "json"])
        let shown = try cat.jsonLines()
        #expect(shown[0]["payloadBase64"] != nil, "JSON with white space would lose it as a value")
        #expect((shown[1]["payload"] as? [String: Int]) == ["a": 1])
        let copy = scratch.url.appendingPathComponent("copy").path
        #expect(try await scratch.run(["append", "--log-dir", copy], stdin: cat.stdout).status == 0)
        let reader = try await EventLog.openReadOnly(at: FilePath(copy))
        var copied: [[UInt8]] = []
        for try await record in reader.records() { copied.append(record.payload) }
        try await reader.close()
        #expect(copied == payloads)
    }

    @Test func catFiltersByStreamTypeOffsetTimeAndLimit() async throws {
        let scratch = try Scratch()
        let lines = (0..<8).map { index in
            eventLine(stream: index.isMultiple(of: 2) ? "even" : "odd", type: "T\(index % 3)", payload: "\(index)",
                      extra: #""recordedAt":"2025-03-0\#(index + 1)T08:00:00Z""#)
        }
        #expect(try await scratch.runOnLog(["append"], stdin: lines.joined(separator: "\n")).status == 0)

        func offsets(_ arguments: [String]) async throws -> [Int] {
            let result = try await scratch.runOnLog(["cat", "--format", "json"] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try result.jsonLines().map { $0["offset"] as? Int ?? -1 }
        }
        #expect(try await offsets(["--stream", "odd"]) == [1, 3, 5, 7])
        #expect(try await offsets(["--type", "T0"]) == [0, 3, 6])
        #expect(try await offsets(["--type", "T1", "--type", "T2"]) == [1, 2, 4, 5, 7])
        #expect(try await offsets(["--from", "2", "--to", "5"]) == [2, 3, 4])
        #expect(try await offsets(["--stream", "even", "--type", "T0"]) == [0, 6])
        #expect(try await offsets(["--since", "2025-03-03", "--until", "2025-03-05T08:00:00Z"]) == [2, 3])
        #expect(try await offsets(["--limit", "2", "--from", "5"]) == [5, 6])

        let bad = try await scratch.runOnLog(["cat", "--since", "March 3"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--since 'March 3' is not an ISO 8601 date"))
    }

    @Test func retryingTheSameEventsIsANoOp() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["append"], stdin: Self.input).status == 0)
        let firstLineOnly = String(Self.input.prefix { $0 != "\n" })
        let retry = try await scratch.runOnLog(["append", "--format", "json"], stdin: firstLineOnly)
        #expect(retry.status == 0, "\(retry.stderr)")
        let summary = try #require(try retry.jsonLines().first)
        #expect(summary["appended"] as? Int == 0)
        #expect(summary["alreadyStored"] as? Int == 1)
        #expect(summary["firstOffset"] as? Int == 0)
        #expect(try await scratch.runOnLog(["cat"]).lines.count == 3)
    }
}

/// `append` of domain events in their JSON form: validated, stored in the binary form, shown back by `cat`.
@Suite struct AppendDomainEventTests {
    static let workout = "6F9619FF-8B86-4011-B42D-00CF4FC964FF"
    static let started = #"{"type":"WorkoutStarted","recordedAt":"2025-03-01T10:00:00Z","event":{"workoutID":"\#(workout)","type":"lifting","name":"Legs","startedAt":"2025-03-01T10:00:00Z","timeZone":"Europe/Berlin"}}"#
    static let rpe = #"{"type":"WorkoutRPERecorded","event":{"workoutID":"\#(workout)","rpe":8.5}}"#

    @Test func domainEventsAreStoredInTheirStreamAndCatShowsTheirJSONForm() async throws {
        let scratch = try Scratch()
        let append = try await scratch.runOnLog(["append"], stdin: Self.started + "\n" + Self.rpe + "\n")
        #expect(append.status == 0, "\(append.stderr)")
        let cat = try await scratch.runOnLog(["cat", "--format", "json"])
        let records = try cat.jsonLines()
        try #require(records.count == 2)
        #expect(records[0]["stream"] as? String == "workout-" + Self.workout.lowercased())
        #expect(records[1]["streamVersion"] as? Int == 1)
        let event = records[0]["event"] as? [String: Any]
        #expect(event?["name"] as? String == "Legs")
        #expect(event?["startedAt"] as? String == "2025-03-01T10:00:00Z")
        #expect(records[0]["payload"] == nil && records[0]["payloadBase64"] == nil)
        let text = try await scratch.runOnLog(["cat"])
        #expect(text.lines[1].hasSuffix(#"WorkoutRPERecorded {"rpe":8.5,"workoutID":"\#(Self.workout)"}"#))
    }

    @Test func anInvalidEventIsRefusedByFieldAndNothingIsAppended() async throws {
        let scratch = try Scratch()
        let bad = #"{"type":"WorkoutRPERecorded","event":{"workoutID":"\#(Self.workout)","rpe":11}}"#
        let missing = #"{"type":"WorkoutStarted","event":{"workoutID":"\#(Self.workout)","type":"lifting"}}"#
        let unknown = #"{"type":"WorkoutTeleported","event":{}}"#
        let result = try await scratch.runOnLog(["append"], stdin: [Self.started, bad, missing, unknown].joined(separator: "\n"))
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"line 2: field "event.rpe": is 11; allowed: a finite number from 1 to 10"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"line 3: field "event.startedAt": is missing"#), "\(result.stderr)")
        #expect(result.stderr.contains(#"line 4: field "type": "WorkoutTeleported" is not an event type"#), "\(result.stderr)")
        // Nothing was appended: the log was not even created.
        let info = try await scratch.runOnLog(["info"])
        #expect(info.status == 66 && info.stderr.contains("there is no log"))
    }
}

/// A misspelt field would be dropped by decoding; append refuses it instead.
@Suite struct AppendUnknownFieldTests {
    @Test func aFieldTheEventDoesNotHaveIsRefusedByPath() async throws {
        let scratch = try Scratch()
        let line = #"{"type":"WorkoutRPERecorded","event":{"workoutID":"6F9619FF-8B86-4011-B42D-00CF4FC964FF","rpe":8,"RPE":9}}"#
        let result = try await scratch.runOnLog(["append"], stdin: line + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"line 1: field "event.RPE": is not a field of WorkoutRPERecorded"#), "\(result.stderr)")
    }
}
