import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage
import Testing

/// The one JSON event envelope (issue 21): `cat --format json` and `export` write the same
/// keys, spelled one way, and `append` and `import` read each other's lines, so a log copied
/// through either pipe comes out as it went in; the older spellings are still read.
@Suite("Data: the one JSON event envelope")
struct EnvelopeRoundTripTests {
    static let workout = "6F9619FF-8B86-4011-B42D-00CF4FC964FF"
    static let correlation = "9B2C6A52-0D5E-4A7E-9A51-2B1F3C4D5E6F"
    static let cause = "0B5F2A8E-5D1C-4B7A-9F3E-2C1D0E9F8A70"

    /// Domain events with every optional member, a raw JSON record, and their ids.
    static let input = [
        #"{"type":"WorkoutStarted","recordedAt":"2025-03-01T10:00:00.000001Z","correlationID":"\#(correlation)","causationID":"\#(cause)","event":{"workoutID":"\#(workout)","type":"lifting","name":"Legs","startedAt":"2025-03-01T10:00:00Z","timeZone":"Europe/Berlin"}}"#,
        #"{"type":"WorkoutRPERecorded","recordedAt":"2025-03-01T11:00:00.654321Z","event":{"workoutID":"\#(workout)","rpe":8.5}}"#,
        eventLine(stream: "notes", payload: #"{"text":"deload","kg":82.50}"#, extra: #""recordedAt":"2025-03-01T12:00:00Z""#),
    ].joined(separator: "\n") + "\n"

    /// A log with the input and a record whose payload is not JSON text (through the engine,
    /// as a newer build or another tool would write it).
    func makeLog(_ scratch: Scratch) async throws {
        let append = try await scratch.runOnLog(["append"], stdin: Self.input)
        #expect(append.status == 0, "\(append.stderr)")
        let log = try await EventLog.open(at: FilePath(scratch.log))
        try await log.append([ProposedEvent(type: "Blob", payload: [0xFF, 0x00, 0x7B],
                                            recordedAt: Date(microsecondsSince1970: 1_740_830_400_123_457))], to: "binary")
        try await log.close()
    }

    /// Whether every key of every line is a canonical key of the envelope.
    static func canonicalOnly(_ lines: [[String: Any]]) -> Bool {
        let canonical = Set(EventEnvelopeKey.allCases.map(\.rawValue))
        return lines.allSatisfy { Set($0.keys).isSubset(of: canonical) }
    }

    /// A new log of ``makeLog(_:)``, what `arguments` print about it, and those lines, which
    /// must use the canonical keys only.
    func written(_ arguments: [String]) async throws -> (Scratch, CLI.Result, [[String: Any]]) {
        let scratch = try Scratch()
        try await makeLog(scratch)
        let result = try await scratch.runOnLog(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try result.jsonLines()
        #expect(Self.canonicalOnly(lines), "\(arguments) writes the canonical spellings only")
        return (scratch, result, lines)
    }

    @Test("cat --format json | append into an empty log gives the same records, and again stores nothing new")
    func catThenAppend() async throws {
        let (scratch, cat, lines) = try await written(["cat", "--format", "json"])
        #expect(lines.count == 4)
        #expect(lines[0]["correlationID"] as? String == Self.correlation && lines[0]["causationID"] as? String == Self.cause)
        #expect(lines[3]["payloadBase64"] as? String == "/wB7")

        let copy = scratch.url.appendingPathComponent("copy").path
        let append = try await scratch.run(["append", "--log-dir", copy], stdin: cat.stdout)
        #expect(append.status == 0, "\(append.stderr)")
        let copied = try await scratch.run(["cat", "--format", "json", "--log-dir", copy])
        #expect(copied.stdout == cat.stdout, "every key and value of every record, offsets and times to the microsecond")

        let again = try await scratch.run(["append", "--format", "json", "--log-dir", copy], stdin: cat.stdout)
        #expect(try again.jsonLines().first?["alreadyStored"] as? Int == 4)
    }

    @Test("export | import into an empty log gives the same export; cat and export spell every key alike")
    func exportThenImport() async throws {
        let (scratch, export, exported) = try await written(["export", "--format", "jsonl"])
        #expect(exported.count == 2, "the export holds the domain events; the raw records are skipped")
        #expect(exported[0]["correlationID"] as? String == Self.correlation)

        let file = scratch.url.appendingPathComponent("events.jsonl").path
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let copy = scratch.url.appendingPathComponent("copy").path
        let report = try await scratch.importReport([file, "--source", "jsonl"], log: copy)
        #expect(report.int("appended") == 2)
        let again = try await scratch.run(["export", "--format", "jsonl", "--log-dir", copy])
        #expect(again.stdout == export.stdout)

        // An export line is an append line too, and a cat line an import line.
        let appended = scratch.url.appendingPathComponent("appended").path
        #expect(try await scratch.run(["append", "--log-dir", appended], stdin: export.stdout).status == 0)
        #expect(try await scratch.run(["export", "--format", "jsonl", "--log-dir", appended]).stdout == export.stdout)
    }

    /// A line as an earlier build's `cat --format json` wrote it.
    static let oldCatLine = #"{"offset":0,"eventId":"\#(cause)","stream":"workout-\#(workout.lowercased())","streamVersion":0,"type":"WorkoutRPERecorded","schemaVersion":1,"recordedAt":"2025-03-01T11:00:00.000000Z","correlationId":"\#(correlation)","causationId":"\#(cause)","event":{"rpe":8.5,"workoutID":"\#(workout)"}}"#

    @Test("The older spellings eventId, correlationId and causationId are read by append and import")
    func olderSpellings() async throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("old.jsonl").path
        try (Self.oldCatLine + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = scratch.url.appendingPathComponent("imported").path
        #expect(try await scratch.importReport([file, "--source", "jsonl"], log: imported).int("appended") == 1)
        let appended = scratch.url.appendingPathComponent("appended").path
        let append = try await scratch.run(["append", "--log-dir", appended], stdin: Self.oldCatLine + "\n")
        #expect(append.status == 0, "\(append.stderr)")
        for log in [imported, appended] {
            let line = try #require(try await scratch.run(["cat", "--format", "json", "--log-dir", log]).jsonLines().first)
            #expect(line["id"] as? String == Self.cause)
            #expect(line["correlationID"] as? String == Self.correlation && line["causationID"] as? String == Self.cause)
            #expect(line["eventId"] == nil && line["correlationId"] == nil)
        }
    }

    @Test("A key given under two spellings is refused by append and by import, naming the field")
    func twoSpellings() async throws {
        let scratch = try Scratch()
        let line = Self.oldCatLine.replacingOccurrences(of: #""offset":0,"#, with: #""id":"\#(Self.cause)","#)
        let append = try await scratch.runOnLog(["append"], stdin: line + "\n")
        #expect(append.status == 65)
        #expect(append.stderr.contains(#"line 1: field "eventId": appears twice (also as "id")"#), "\(append.stderr)")
        let file = scratch.url.appendingPathComponent("twice.jsonl").path
        try (line + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await scratch.runOnLog(["import", file, "--source", "jsonl"])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains(#"line 1: field "eventId": appears twice (also as "id")"#), "\(imported.stderr)")
    }
}
