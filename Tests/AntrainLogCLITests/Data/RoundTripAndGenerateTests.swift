import Foundation
import Testing

/// `generate` and `export --format jsonl` / `import --format jsonl`: determinism and a
/// byte-for-byte round trip.
@Suite("Data: generate, export and the JSON Lines round trip")
struct RoundTripAndGenerateTests {
    func generate(_ scratch: Scratch, log: String, seed: Int, weeks: Int = 2) async throws {
        let result = try await scratch.run(["generate", "--athletes", "1", "--weeks", String(weeks), "--seed", String(seed),
                                            "--log-dir", log, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress bar on a pipe: \(result.stderr)")
        #expect((try result.jsonLines().first?["events"] as? Int ?? 0) > 300, "the presets and two weeks of training")
    }

    func export(_ scratch: Scratch, log: String) async throws -> String {
        let result = try await scratch.run(["export", "--format", "jsonl", "--log-dir", log])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("The same seed gives identical exports; another seed does not")
    func determinism() async throws {
        let scratch = try Scratch()
        let (a, b, c) = (scratch.url.appendingPathComponent("a").path, scratch.url.appendingPathComponent("b").path,
                         scratch.url.appendingPathComponent("c").path)
        try await generate(scratch, log: a, seed: 7)
        try await generate(scratch, log: b, seed: 7)
        try await generate(scratch, log: c, seed: 8)
        let first = try await export(scratch, log: a)
        #expect(!first.isEmpty)
        #expect(first == (try await export(scratch, log: b)))
        #expect(first != (try await export(scratch, log: c)))
    }

    @Test("Export, import into an empty log, export again: the same bytes; importing it again appends nothing")
    func roundTrip() async throws {
        let scratch = try Scratch()
        let original = scratch.url.appendingPathComponent("original").path
        try await generate(scratch, log: original, seed: 3)
        let backup = scratch.url.appendingPathComponent("backup.jsonl").path
        let written = try await scratch.run(["export", "--format", "jsonl", "--output", backup, "--log-dir", original])
        #expect(written.status == 0 && written.stdout.isEmpty, "\(written.stderr)")
        let exported = try String(contentsOfFile: backup, encoding: .utf8)
        let lines = exported.split(separator: "\n")
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(first.keys).isSuperset(of: ["id", "stream", "recordedAt", "type", "event", "offset", "streamVersion", "schemaVersion"]))

        let restored = scratch.url.appendingPathComponent("restored").path
        let report = try await scratch.importReport([backup, "--source", "jsonl"], log: restored)
        #expect(report.int("events") == lines.count && report.int("appended") == lines.count)
        #expect(try await export(scratch, log: restored) == exported)
        let again = try await scratch.importReport([backup, "--source", "jsonl"], log: restored)
        #expect(again.int("appended") == 0 && again.int("alreadyStored") == lines.count)
    }

    @Test("A bad JSON Lines file appends nothing and names each bad line")
    func badLines() async throws {
        let scratch = try Scratch()
        let good = #"{"type":"WorkoutRPERecorded","event":{"workoutID":"6F9619FF-8B86-4011-B42D-00CF4FC964FF","rpe":8}}"#
        let bad = #"{"type":"WorkoutRPERecorded","event":{"workoutID":"6F9619FF-8B86-4011-B42D-00CF4FC964FF","rpe":11}}"#
        let path = try scratch.file("events.jsonl", [good, "{nope", bad].joined(separator: "\n") + "\n")
        let result = try await scratch.runOnLog(["import", path, "--source", "jsonl"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 2:") && result.stderr.contains("line 3: field \"event.rpe\""))
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try await scratch.runOnLog(["info"]).status == 66)
    }

    @Test("generate refuses a log that holds events, unless --into-existing")
    func refusesNonEmptyLog() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.runOnLog(["seed"]).status == 0)
        let refused = try await scratch.runOnLog(["generate", "--weeks", "1", "--seed", "1"])
        #expect(refused.status == 65 && refused.stderr.contains("already holds 145 events") && refused.stderr.contains("--into-existing"))
        let count = try await scratch.runOnLog(["cat", "--format", "json"]).lines.count
        #expect(count == 145, "nothing was added")
    }
}
