import Foundation
import Testing

/// A round trip of every importer on a small hand-made file of each layout the formats'
/// documentation describes (fixtures/imports): each holds rows without a weight, timed and
/// distance rows, warm-ups and unit variants. Through the built binary: the import's
/// figures, the sets the log then holds (its `export --format csv --what sets`, worked out by
/// hand in fixtures/imports/expected), and that export imported again into a fresh log
/// without `--weight-unit` gives the same export.
@Suite("Data: import of every layout, and back")
struct ImportFixtureRoundTripTests {
    static let folder = packageRootURL().appendingPathComponent("fixtures/imports")

    /// One fixture and what a plain reading of it gives.
    struct Workouts: Sendable, CustomTestStringConvertible {
        var file: String
        var format = "strong"
        var options: [String] = []
        /// The unit the expected export is written in.
        var unit = "kg"
        var rows: Int
        var workouts: Int
        var sets: Int
        var skipped: [String: Int] = [:]
        var testDescription: String { file }
    }

    static let workoutFixtures = [
        // Upper 7 sets (W, 1, D bench; push-ups, dips and a plank with no unit; a row in lbs),
        // a cardio workout of 5 km and 3 mi, a yoga hour, bodyweight pull-ups and a 10 kg plank.
        Workouts(file: "strong-semicolon.csv", rows: 14, workouts: 4, sets: 13, skipped: ["rest-timer": 1]),
        Workouts(file: "strong-semicolon-lbs.csv", unit: "lb", rows: 5, workouts: 2, sets: 5),
        Workouts(file: "strong-comma.csv", options: ["--weight-unit", "lb"], unit: "lb", rows: 5, workouts: 2, sets: 5),
        Workouts(file: "strong-quoted-metric.csv", rows: 5, workouts: 1, sets: 5),
        Workouts(file: "strong-short.csv", options: ["--weight-unit", "kg"], rows: 4, workouts: 1, sets: 4),
        Workouts(file: "hevy-kg.csv", format: "hevy", rows: 7, workouts: 2, sets: 7),
        Workouts(file: "hevy-lbs.csv", format: "hevy", unit: "lb", rows: 5, workouts: 1, sets: 5),
        Workouts(file: "fitnotes.csv", format: "fitnotes", rows: 7, workouts: 2, sets: 7),
        Workouts(file: "fitnotes-old-lbs.csv", format: "fitnotes", unit: "lb", rows: 4, workouts: 1, sets: 4),
    ]

    func expected(_ name: String) throws -> [String] {
        try String(contentsOf: Self.folder.appendingPathComponent("expected/" + name), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    func export(_ scratch: Scratch, _ table: String, log: String, unit: String = "kg") async throws -> [String] {
        let extra = table == "sets" ? ["--weight-unit", unit] : []
        let result = try await scratch.run(["export", "--format", "csv", "--what", table, "--log-dir", log] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines
    }

    @Test("Each workout layout: its figures, its sets as worked out by hand, and its export imported again", arguments: workoutFixtures)
    func workouts(_ fixture: Workouts) async throws {
        let scratch = try Scratch()
        let path = Self.folder.appendingPathComponent(fixture.file).path
        let report = try await scratch.importReport([path, "--source", fixture.format, "--time-zone", "UTC"] + fixture.options)
        #expect(report.int("rows") == fixture.rows && report.int("workouts") == fixture.workouts && report.int("sets") == fixture.sets)
        #expect(report["skippedByKind"] as? [String: Int] == fixture.skipped && report.int("lostRows") == 0 && report["warning"] == nil)

        let sets = try await export(scratch, "sets", log: scratch.log, unit: fixture.unit)
        let stem = fixture.file.replacingOccurrences(of: ".csv", with: "")
        #expect(sets == (try expected(stem + ".sets.csv")))

        // The export names its units: it imports again with no --weight-unit, and gives itself back.
        let copy = try scratch.file("export.csv", sets.joined(separator: "\n") + "\n")
        let fresh = scratch.url.appendingPathComponent("fresh").path
        let again = try await scratch.importReport([copy, "--source", "strong", "--time-zone", "UTC"], log: fresh)
        #expect(again.int("workouts") == fixture.workouts && again.int("sets") == fixture.sets && again.skippedLines.isEmpty)
        #expect(try await export(scratch, "sets", log: fresh, unit: fixture.unit) == sets)
    }

    @Test("Cronometer with and without Time: entries, days and each entry's amounts as worked out by hand",
          arguments: [("cronometer-servings", 6, 5, 2, ["nothing-eaten": 1]), ("cronometer-no-time", 2, 2, 1, [:])])
    func nutrition(_ name: String, rows: Int, foods: Int, days: Int, skipped: [String: Int]) async throws {
        let scratch = try Scratch()
        let path = Self.folder.appendingPathComponent(name + ".csv").path
        let report = try await scratch.importReport([path, "--source", "cronometer", "--time-zone", "UTC"])
        #expect(report.int("rows") == rows && report.int("foods") == foods && report.int("days") == days)
        #expect(report["skippedByKind"] as? [String: Int] == skipped && report.int("lostRows") == 0)
        #expect(try await export(scratch, "nutrition", log: scratch.log) == (try expected(name + ".nutrition.csv")))
    }
}
