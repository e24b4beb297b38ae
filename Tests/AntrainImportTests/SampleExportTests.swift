import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// The real exports in `../shared/samples` (when present) read without a rejected row that a
/// person would call valid, and their workout counts, set counts and heaviest weights match
/// what the raw files say. The expected figures were counted from the files with Python's
/// csv module, independently of this code.
@Suite("Import: real exports")
struct SampleExportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/samples").standardized.path
    static var present: Bool { FileManager.default.fileExists(atPath: folder) }

    func read(_ name: String, _ format: ImportFormat, unit: MassUnit? = nil) throws -> ImportedFile {
        let text = try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)
        return try ExportReader(timeZone: TimeZone(identifier: "UTC")!, weightUnit: unit).read(text, format: format)
    }

    func sets(_ file: ImportedFile, _ exercise: String) -> [ImportedSet] {
        file.workouts.flatMap { $0.exercises.filter { $0.name == exercise }.flatMap(\.sets) }
    }

    @Test("Strong (2022, commas, pounds): 312 workouts, 4,690 sets, 100 exercises", .enabled(if: present))
    func strong() throws {
        let file = try read("strong-export-2022.csv", .strong, unit: .pounds)
        #expect(file.skipped.isEmpty, "\(file.skipped.prefix(5))")
        #expect(file.workouts.count == 312)
        #expect(file.workouts.reduce(0) { $0 + $1.setCount } == 4690)
        #expect(Set(file.workouts.flatMap { $0.exercises.map(\.name) }).count == 100)
        #expect(sets(file, "Overhead Press (Barbell)").count == 237)
        #expect(sets(file, "Squat (Barbell)").compactMap(\.weight?.value).max() == 355)
        #expect(sets(file, "Bench Press (Barbell)").compactMap(\.weight?.value).max() == 225)
        // Rows of a weight of 0 with reps: 455 bodyweight sets; rows with a distance: 128.
        let all = file.workouts.flatMap { $0.exercises.flatMap(\.sets) }
        #expect(file.rows == 4690 && all.filter { $0.weight == nil && $0.reps != nil }.count == 455)
        #expect(all.filter { $0.distanceMetres != nil }.count == 128)
    }

    @Test("Hevy (kg): 335 workouts, 7,210 sets, one all-zero row skipped", .enabled(if: present))
    func hevy() throws {
        let file = try read("hevy-export-kg.csv", .hevy)
        #expect(file.skipped.map(\.reason) == ["no reps, time or distance: not a performed set"])
        #expect(file.workouts.count == 335)
        #expect(file.workouts.reduce(0) { $0 + $1.setCount } == 7210)
        #expect(sets(file, "Seated Leg Curl (Machine)").count == 242)
        #expect(sets(file, "Leg Extension (Machine)").compactMap(\.weight?.kilograms).max() == 108)
        let types = file.workouts.flatMap { $0.exercises.flatMap(\.sets) }.map(\.setType)
        #expect(types.filter { $0 == .warmup }.count == 2195 && types.filter { $0 == .dropset }.count == 43)
        // Rows with reps and no weight_kg: 308 bodyweight sets; with only duration_seconds: 275 timed ones.
        let all = file.workouts.flatMap { $0.exercises.flatMap(\.sets) }
        #expect(file.rows == 7211 && all.filter { $0.weight == nil && $0.reps != nil }.count == 308)
        #expect(all.filter { $0.reps == nil && $0.durationSeconds != nil }.count == 275)
        #expect(file.skipped.map(\.kind) == [.notPerformed], "the row of 10 kg × 0 reps holds no performed set")
    }

    @Test("FitNotes (kgs): 73 days, 854 sets, 59 exercises", .enabled(if: present))
    func fitNotes() throws {
        let file = try read("fitnotes-export-kgs.csv", .fitnotes)
        #expect(file.skipped.isEmpty, "\(file.skipped.prefix(5))")
        #expect(file.workouts.count == 73)
        #expect(file.workouts.reduce(0) { $0 + $1.setCount } == 854)
        #expect(sets(file, "Lat Pulldown").count == 53)
        #expect(sets(file, "Lat Pulldown").compactMap(\.weight?.kilograms).max() == 65)
        #expect(file.rows == 854 && file.workouts.flatMap { $0.exercises.flatMap(\.sets) }.filter { $0.weight == nil }.count == 3)
    }

    @Test("Cronometer servings: 116 rows over 3 days, 7,251.51 kcal and 358.13 g of protein; six rows of 0 g say so", .enabled(if: present))
    func cronometer() throws {
        let file = try read("cronometer-servings.csv", .cronometer)
        // Rows 10, 48, 78, 84, 88 and 103 log "0.00 g" (and 0 kcal): nothing eaten.
        #expect(file.skipped.map(\.line) == [10, 48, 78, 84, 88, 103])
        #expect(file.skipped.allSatisfy { $0.reason == "amount \"0.00 g\" is 0: nothing was eaten" && $0.kind == .nothingEaten })
        #expect(file.rows == 116)
        #expect(file.foods.count == 110)
        #expect(Set(file.foods.map(\.day)).count == 3)
        #expect(abs(file.foods.reduce(0) { $0 + $1.calories } - 7251.51) < 0.005)
        #expect(abs(file.foods.reduce(0) { $0 + $1.proteinGrams } - 358.13) < 0.005)
    }
}
