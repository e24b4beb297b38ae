import Foundation
import Testing

/// The tool's own `export --format csv --what sets` imports again with `import --format
/// strong` and no `--weight-unit`: on a generated history (393 sets: warm-ups, drop and
/// failure sets, 38 bodyweight and 14 timed sets; distances are in ImportFixtureRoundTripTests),
/// exported in either unit and imported into a fresh log, the fresh log's export is the same
/// file, set for set.
@Suite("Data: the sets export imports again")
struct SetsExportRoundTripTests {
    @Test("Generated log → sets CSV → fresh log → the same sets CSV, in kg and in lb", arguments: ["kg", "lb"])
    func roundTrip(_ unit: String) async throws {
        let scratch = try Scratch()
        let original = scratch.url.appendingPathComponent("original").path
        let generated = try await scratch.run(["generate", "--athletes", "1", "--weeks", "3", "--seed", "11", "--log-dir", original])
        #expect(generated.status == 0, "\(generated.stderr)")
        let exported = try await scratch.exportCSV("sets", ["--weight-unit", unit], log: original)
        #expect(exported.count > 100, "three weeks of training")
        #expect(exported[0].suffix(2) == ["Weight Unit", "Distance Unit"])

        let file = try scratch.file("sets.csv", exported.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n") + "\n")
        let fresh = scratch.url.appendingPathComponent("fresh").path
        let report = try await scratch.importReport([file, "--source", "strong"], log: fresh)
        #expect(report.int("sets") == exported.count - 1 && report.skippedLines.isEmpty, "\(report["skipped"] ?? "")")
        let again = try await scratch.exportCSV("sets", ["--weight-unit", unit], log: fresh)
        #expect(again.count == exported.count)
        for (line, (before, after)) in zip(exported, again).enumerated() where before != after {
            Issue.record("line \(line + 1): exported \(before), after the round trip \(after)")
        }
    }

    @Test("Without its unit columns (a Strong comma file), the file still needs --weight-unit, and says so")
    func strongCommaStillAsks() async throws {
        let scratch = try Scratch()
        let file = try scratch.file("strong.csv", "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
            + "2021-07-07 18:35:21,Push,1h,Bench Press,1,100,5,0,0,,,\n")
        let refused = try await scratch.runOnLog(["import", file, "--source", "strong"])
        #expect(refused.status == 65 && refused.stderr.contains("fix: add --weight-unit kg or --weight-unit lb"), "\(refused.stderr)")
    }
}

/// A field written back as CSV: quoted when it holds a comma, a quote or a line break.
private func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
