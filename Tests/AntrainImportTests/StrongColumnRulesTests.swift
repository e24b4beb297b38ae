import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// Strong's semicolon layout, column by column: what an empty cell, `0` and a missing column
/// give. One row of a squat (100 kg × 5 at RPE 8) with one cell changed, each outcome worked
/// out by hand.
@Suite("Import: Strong's columns when empty, 0 or missing")
struct StrongColumnRulesTests {
    static let columns = ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Weight Unit", "Reps", "RPE",
                          "Distance", "Distance Unit", "Seconds", "Notes", "Workout Notes"]
    static let base = ["2024-01-01 10:00:00", "Legs", "Squat", "1", "100", "kg", "5", "8", "", "", "", "deep", "felt good"]

    /// The base row with `changes`, without the columns `dropped`, read as Strong.
    func read(_ changes: [String: String] = [:], dropping dropped: [String] = [], unit: MassUnit? = nil) throws -> ImportedFile {
        let kept = Self.columns.indices.filter { !dropped.contains(Self.columns[$0]) }
        let header = kept.map { Self.columns[$0] }.joined(separator: ";")
        let row = kept.map { changes[Self.columns[$0]] ?? Self.base[$0] }.joined(separator: ";")
        return try ExportReader(timeZone: .gmt, weightUnit: unit).read(header + "\n" + row + "\n", format: .strong)
    }

    func set(_ file: ImportedFile) -> ImportedSet? { file.workouts.first?.exercises.first?.sets.first }
    func kind(_ file: ImportedFile) -> SkipKind? { file.skipped.first?.kind }

    @Test("Date, Exercise Name: empty or 0 skip the row; Workout Name, Set Order, Notes: empty is nothing, 0 is text or a normal set")
    func identity() throws {
        #expect(try kind(read(["Date": ""])) == .date && kind(read(["Date": "0"])) == .date)
        #expect(try kind(read(["Exercise Name": ""])) == .name)
        #expect(try read(["Exercise Name": "0"]).workouts.first?.exercises.first?.name == "0")
        #expect(try read(["Workout Name": ""]).workouts.first?.name == nil)
        #expect(try read(["Workout Name": "0"]).workouts.first?.name == "0")
        #expect(try set(read(["Set Order": ""]))?.setType == .normal && set(read(["Set Order": "0"]))?.setType == .normal)
        #expect(try set(read(["Notes": ""]))?.notes == nil && read(["Workout Notes": ""]).workouts.first?.notes == nil)
        for required in ["Date", "Workout Name", "Exercise Name", "Set Order", "Reps"] {
            #expect(throws: ImportError.self, "\(required) missing") { try read(dropping: [required]) }
        }
        #expect(try set(read(dropping: ["Notes", "Workout Notes", "RPE"]))?.rpe == nil)
    }

    @Test("Weight: empty, 0 or a missing column with reps is a bodyweight set; negative or text skips the row")
    func weight() throws {
        for weight in ["", "0", "0.0"] {
            let bodyweight = try #require(try set(read(["Weight": weight, "Weight Unit": ""])))
            #expect(bodyweight.weight == nil && bodyweight.reps == 5)
        }
        #expect(try set(read(dropping: ["Weight"]))?.reps == 5)
        #expect(try read(["Weight": "-5"]).skipped == [SkippedRow(line: 2, .weight, reason: "weight -5 is negative: a load is 0 or more")])
        #expect(try kind(read(["Weight": "heavy"])) == .weight)
    }

    @Test("Weight Unit: empty needs no unit without a weight; with one it takes --weight-unit or skips; 0 or stone skip a weighted row")
    func weightUnit() throws {
        #expect(try set(read(["Weight": "", "Weight Unit": ""]))?.reps == 5)
        #expect(try read(["Weight Unit": ""]).skipped == [SkippedRow(line: 2, .weightUnit,
            reason: "weight 100 has no unit: write kg or lbs beside it, or give --weight-unit kg or lb")])
        #expect(try set(read(["Weight Unit": ""], unit: .pounds))?.weight == .pounds(100))
        #expect(try kind(read(["Weight Unit": "0"])) == .weightUnit && kind(read(["Weight Unit": "stone"])) == .weightUnit)
        #expect(try set(read(["Weight": "0", "Weight Unit": "stone"]))?.reps == 5, "a unit qualifying no weight is not read")
        #expect(try set(read(["Weight Unit": "LBS"]))?.weight == .pounds(100))
        #expect(throws: ImportError.self) { try read(dropping: ["Weight Unit"]) }
        #expect(try set(read(dropping: ["Weight Unit"], unit: .kilograms))?.weight == .kilograms(100))
    }

    @Test("Reps, Seconds, Distance: empty and 0 are not measured; a row with none of them is not a performed set")
    func measures() throws {
        for empty in ["", "0"] {
            #expect(try kind(read(["Reps": empty])) == .notPerformed)
            #expect(try set(read(["Seconds": empty, "Distance": empty]))?.durationSeconds == nil)
        }
        let plank = try #require(try set(read(["Weight": "", "Weight Unit": "", "Reps": "", "Seconds": "60"])))
        #expect(plank.durationSeconds == 60 && plank.reps == nil && plank.weight == nil && plank.notes == "deep")
        // A weight without reps: the set is the time, carrying that load.
        let weighted = try set(read(["Reps": "0", "Seconds": "45"]))
        #expect(weighted?.notes == "deep" && weighted?.weight == .kilograms(100) && weighted?.durationSeconds == 45)
        #expect(try kind(read(["Reps": "5.5"])) == .reps && kind(read(["Reps": "-1"])) == .reps)
        #expect(try kind(read(["Seconds": "soon"])) == .time && kind(read(["Seconds": "-30"])) == .time)
        #expect(try set(read(dropping: ["Seconds", "Distance", "Distance Unit"]))?.reps == 5)
    }

    @Test("Distance and its unit: a unit is needed only with a distance; empty is the weight's system (km with kg, miles with lbs)")
    func distance() throws {
        let run = ["Weight": "", "Weight Unit": "", "Reps": "", "Distance": "5", "Seconds": "1500"]
        #expect(try set(read(run))?.distanceMetres == 5000, "no unit anywhere: km")
        #expect(try set(read(run.merging(["Distance Unit": "mi"]) { $1 }))?.distanceMetres == 8046.72)
        #expect(try set(read(run.merging(["Distance Unit": "m"]) { $1 }))?.distanceMetres == 5)
        #expect(try set(read(run.merging(["Weight Unit": "lbs"]) { $1 }))?.distanceMetres == 8046.72, "an lbs row's distance is in miles")
        #expect(try set(read(run, unit: .pounds))?.distanceMetres == 8046.72, "--weight-unit lb: miles")
        #expect(try kind(read(run.merging(["Distance Unit": "0"]) { $1 })) == .distanceUnit)
        #expect(try set(read(["Distance Unit": "parsecs"]))?.reps == 5, "a unit qualifying no distance is not read")
        #expect(try kind(read(run.merging(["Distance": "far"]) { $1 })) == .distance)
        #expect(try kind(read(run.merging(["Distance": "-5"]) { $1 })) == .distance)
    }

    @Test("RPE: empty and 0 are none; text or a value outside 1 to 10 keeps the set, without an RPE, the text in its notes")
    func rpe() throws {
        #expect(try set(read(["RPE": ""]))?.rpe == nil && set(read(["RPE": "0"]))?.rpe == nil)
        #expect(try set(read(["RPE": "8.5"]))?.rpe == 8.5)
        let hard = try #require(try set(read(["RPE": "hard"])))
        #expect(hard.rpe == nil && hard.notes == "RPE hard; deep" && hard.weight == .kilograms(100))
        #expect(try set(read(["RPE": "11", "Notes": ""]))?.notes == "RPE 11")
        #expect(try set(read(["RPE": "-2", "Notes": ""]))?.notes == "RPE -2")
    }
}
