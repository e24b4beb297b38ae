import Foundation
import Testing

/// The real exports in `../shared/samples` (when present) through the built binary: no row
/// a person would call valid is rejected, and the sets the log then holds (read back with
/// `export --format csv --what sets`) match the figures counted from the raw files with
/// Python's csv module (the same figures as AntrainImportTests/SampleExportTests.swift).
@Suite("Data: import of the real exports")
struct RealExportImportTests {
    static let folder = packageRootURL().deletingLastPathComponent().appendingPathComponent("shared/samples").path
    static var present: Bool { FileManager.default.fileExists(atPath: folder) }

    /// Sets per exercise and the heaviest weight of each, from the sets export.
    struct Figures {
        var workouts = Set<String>()
        var sets: [String: Int] = [:]
        var heaviest: [String: Double] = [:]

        init(_ rows: [[String]]) {
            for row in rows.dropFirst() {
                workouts.insert(row[0] + "|" + row[1])
                sets[row[3], default: 0] += 1
                heaviest[row[3]] = max(heaviest[row[3]] ?? 0, Double(row[5]) ?? 0)
            }
        }

        var total: Int { sets.values.reduce(0, +) }
    }

    @Test("Strong 2022 (pounds): 312 workouts, 4,690 sets, squat 355 lb, bench 225 lb, 237 overhead press sets", .enabled(if: present))
    func strong() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([Self.folder + "/strong-export-2022.csv", "--source", "strong", "--weight-unit", "lb"])
        #expect(report.skippedLines.isEmpty && report.int("workouts") == 312 && report.int("sets") == 4690)
        #expect((report["newExercises"] as? [String])?.count == 100)
        #expect(report.int("rows") == 4690 && report.int("lostRows") == 0 && report["warning"] == nil)
        let figures = Figures(try await scratch.exportCSV("sets", ["--weight-unit", "lb"]))
        #expect(figures.workouts.count == 312 && figures.total == 4690)
        #expect(figures.sets["Overhead Press (Barbell)"] == 237)
        #expect(figures.heaviest["Squat (Barbell)"] == 355 && figures.heaviest["Bench Press (Barbell)"] == 225)
    }

    @Test("Hevy (kg): 335 workouts, 7,210 sets, one all-zero row skipped, 242 leg curl sets, leg extension 108 kg", .enabled(if: present))
    func hevy() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([Self.folder + "/hevy-export-kg.csv", "--source", "hevy"])
        let skipped = report["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.map { $0["reason"] as? String } == ["no reps, time or distance: not a performed set"])
        #expect(report.int("workouts") == 335 && report.int("sets") == 7210)
        #expect(report.int("rows") == 7211 && report["skippedByKind"] as? [String: Int] == ["not-performed": 1] && report.int("lostRows") == 0)
        let figures = Figures(try await scratch.exportCSV("sets"))
        #expect(figures.total == 7210)
        #expect(figures.sets["Seated Leg Curl (Machine)"] == 242 && figures.heaviest["Leg Extension (Machine)"] == 108)
    }

    @Test("FitNotes (kgs): 73 workouts, 854 sets, 53 lat pulldown sets up to 65 kg", .enabled(if: present))
    func fitNotes() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([Self.folder + "/fitnotes-export-kgs.csv", "--source", "fitnotes"])
        #expect(report.skippedLines.isEmpty && report.int("workouts") == 73 && report.int("sets") == 854 && report.int("rows") == 854)
        let figures = Figures(try await scratch.exportCSV("sets"))
        #expect(figures.workouts.count == 73 && figures.total == 854)
        #expect(figures.sets["Lat Pulldown"] == 53 && figures.heaviest["Lat Pulldown"] == 65)
    }

    @Test("Cronometer: 110 entries over 3 days, 7,251.51 kcal and 358.13 g of protein; the six 0 g rows skipped", .enabled(if: present))
    func cronometer() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([Self.folder + "/cronometer-servings.csv", "--source", "cronometer"])
        #expect(report.skippedLines == [10, 48, 78, 84, 88, 103])
        #expect(report.int("foods") == 110 && report.int("days") == 3)
        // 6 of 116 rows are 0 g servings: more than 2%, but they hold nothing, so no warning and --strict takes the file.
        #expect(report.int("rows") == 116 && report.int("lostRows") == 0 && report["warning"] == nil)
        let strict = try await scratch.importReport([Self.folder + "/cronometer-servings.csv", "--source", "cronometer", "--strict"],
                                                    log: scratch.url.appendingPathComponent("strict").path)
        #expect(strict.int("foods") == 110)
        let rows = try await scratch.exportCSV("nutrition").dropFirst()
        #expect(rows.count == 110)
        // Each row is rounded to 0.01 on export: 110 roundings stay well inside 0.6.
        #expect(abs(rows.reduce(0) { $0 + (Double($1[4]) ?? 0) } - 7251.51) < 0.6)
        #expect(abs(rows.reduce(0) { $0 + (Double($1[5]) ?? 0) } - 358.13) < 0.6)
    }
}
