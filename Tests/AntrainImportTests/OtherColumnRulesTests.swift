import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// Hevy, FitNotes and Cronometer, column by column: what an empty cell, `0` and a missing
/// column give, from one base row with one cell changed, each outcome worked out by hand.
@Suite("Import: Hevy, FitNotes and Cronometer columns when empty, 0 or missing")
struct OtherColumnRulesTests {
    /// A one-row file of `columns` and `base`, with `changes` and without the columns `dropped`.
    static func file(_ columns: [String], _ base: [String], _ changes: [String: String], dropping dropped: [String]) -> String {
        let kept = columns.indices.filter { !dropped.contains(columns[$0]) }
        let quote = { (text: String) in text.contains(",") ? "\"\(text)\"" : text }
        return kept.map { columns[$0] }.joined(separator: ",") + "\n" + kept.map { quote(changes[columns[$0]] ?? base[$0]) }.joined(separator: ",") + "\n"
    }

    static let hevyColumns = ["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes",
                              "set_index", "set_type", "weight_kg", "weight_lbs", "reps", "distance_km", "distance_miles", "duration_seconds", "rpe"]
    static let hevyBase = ["Legs", "15 Sep 2025, 07:48", "15 Sep 2025, 08:48", "easy", "Squat", "", "", "0", "normal", "100", "", "5", "", "", "0", "8"]

    func hevy(_ changes: [String: String] = [:], dropping dropped: [String] = []) throws -> ImportedFile {
        try ExportReader(timeZone: .gmt).read(Self.file(Self.hevyColumns, Self.hevyBase, changes, dropping: dropped), format: .hevy)
    }

    func set(_ file: ImportedFile) -> ImportedSet? { file.workouts.first?.exercises.first?.sets.first }
    func kind(_ file: ImportedFile) -> SkipKind? { file.skipped.first?.kind }

    @Test("Hevy: weight, reps, distance, duration and RPE empty or 0 are not measured; set_type empty is normal; end_time empty gives no duration")
    func hevyColumns() throws {
        for empty in ["", "0"] {
            #expect(try set(hevy(["weight_kg": empty]))?.weight == nil && set(hevy(["weight_kg": empty]))?.reps == 5)
            #expect(try kind(hevy(["reps": empty])) == .notPerformed)
            #expect(try set(hevy(["rpe": empty]))?.rpe == nil)
        }
        let plank = try #require(try set(hevy(["weight_kg": "", "reps": "", "duration_seconds": "75"])))
        #expect(plank.durationSeconds == 75 && plank.reps == nil)
        let walk = try #require(try set(hevy(["weight_kg": "", "reps": "", "distance_miles": "1.5"])))
        #expect(walk.distanceMetres == 2414.016 && walk.durationSeconds == nil)
        #expect(try set(hevy(["weight_kg": "", "weight_lbs": "225"]))?.weight == .pounds(225))
        #expect(try set(hevy(dropping: ["weight_kg"]))?.weight == nil, "no weight column at all: bodyweight reps")
        #expect(try set(hevy(["set_type": ""]))?.setType == .normal && kind(hevy(["set_type": "0"])) == .setType)
        #expect(try hevy(["end_time": ""]).workouts.first?.durationSeconds == nil)
        #expect(try hevy(["end_time": "15 Sep 2025, 08:48"]).workouts.first?.durationSeconds == 3600)
        #expect(try hevy(["description": ""]).workouts.first?.notes == nil && hevy(["title": ""]).workouts.first?.name == nil)
        #expect(try kind(hevy(["start_time": ""])) == .date && kind(hevy(["exercise_title": ""])) == .name)
        #expect(try kind(hevy(["duration_seconds": "-1"])) == .time && kind(hevy(["weight_kg": "-1"])) == .weight)
        #expect(try set(hevy(dropping: ["set_type"]))?.setType == .normal, "older exports have no set_type column")
        for required in ["title", "start_time", "exercise_title", "reps"] {
            #expect(throws: ImportError.self, "\(required) missing") { try hevy(dropping: [required]) }
        }
    }

    static let fitNotesColumns = ["Date", "Exercise", "Category", "Weight", "Weight Unit", "Reps", "Distance", "Distance Unit", "Time", "Comment"]
    static let fitNotesBase = ["2024-04-25", "Squat", "Legs", "100.0", "kgs", "5", "", "", "", ""]

    func fitNotes(_ changes: [String: String] = [:], dropping dropped: [String] = [], unit: MassUnit? = nil) throws -> ImportedFile {
        try ExportReader(timeZone: .gmt, weightUnit: unit).read(Self.file(Self.fitNotesColumns, Self.fitNotesBase, changes, dropping: dropped), format: .fitnotes)
    }

    @Test("FitNotes: an empty Weight Unit is needed only with a weight; Distance Unit empty is km; Time empty or 0:00:00 is none")
    func fitNotesColumns() throws {
        for empty in ["", "0", "0.0"] {
            #expect(try set(fitNotes(["Weight": empty, "Weight Unit": ""]))?.reps == 5)
        }
        #expect(try kind(fitNotes(["Weight Unit": ""])) == .weightUnit)
        #expect(try set(fitNotes(["Weight Unit": ""], unit: .pounds))?.weight == .pounds(100))
        #expect(try kind(fitNotes(["Weight Unit": "0"])) == .weightUnit)
        let row = ["Weight": "", "Weight Unit": "", "Reps": ""]
        #expect(try set(fitNotes(row.merging(["Distance": "3.0"]) { $1 }))?.distanceMetres == 3000)
        #expect(try set(fitNotes(row.merging(["Distance": "3.0", "Distance Unit": "mi"]) { $1 }))?.distanceMetres == 4828.032)
        #expect(try set(fitNotes(row.merging(["Distance": "400", "Distance Unit": "m"]) { $1 }))?.distanceMetres == 400)
        #expect(try kind(fitNotes(row.merging(["Distance": "3.0", "Distance Unit": "0"]) { $1 })) == .distanceUnit)
        #expect(try set(fitNotes(row.merging(["Time": "1:30"]) { $1 }))?.durationSeconds == 90)
        #expect(try kind(fitNotes(row.merging(["Time": "0:00:00"]) { $1 })) == .notPerformed)
        #expect(try set(fitNotes(["Time": ""]))?.durationSeconds == nil && set(fitNotes(["Comment": ""]))?.notes == nil)
        #expect(try fitNotes(["Category": ""]).workouts.first?.exercises.first?.category == "")
        #expect(try kind(fitNotes(["Date": ""])) == .date && kind(fitNotes(["Exercise": ""])) == .name)
        #expect(try set(fitNotes(dropping: ["Distance", "Distance Unit", "Time", "Comment"]))?.weight == .kilograms(100))
        #expect(throws: ImportError.self) { try fitNotes(dropping: ["Weight Unit"]) }
        #expect(try set(fitNotes(dropping: ["Weight Unit"], unit: .kilograms))?.weight == .kilograms(100))
    }

    static let cronometerColumns = ["Day", "Time", "Group", "Food Name", "Amount", "Energy (kcal)", "Protein (g)", "Carbs (g)", "Fat (g)"]
    static let cronometerBase = ["2024-05-01", "07:30", "Breakfast", "Oats", "80.00 g", "303.2", "10.8", "54", "5.2"]

    func cronometer(_ changes: [String: String] = [:], dropping dropped: [String] = []) throws -> ImportedFile {
        try ExportReader(timeZone: .gmt).read(Self.file(Self.cronometerColumns, Self.cronometerBase, changes, dropping: dropped), format: .cronometer)
    }

    @Test("Cronometer: an amount of 0 is nothing eaten, an empty one unreadable; an empty nutrient is 0; Time and Group may be empty or missing")
    func cronometerColumns() throws {
        #expect(try kind(cronometer(["Amount": "0.00 g"])) == .nothingEaten && kind(cronometer(["Amount": "0"])) == .nothingEaten)
        #expect(try kind(cronometer(["Amount": ""])) == .amount)
        for nutrient in ["Energy (kcal)", "Protein (g)", "Carbs (g)", "Fat (g)"] {
            let entry = try #require(try cronometer([nutrient: ""]).foods.first)
            #expect([entry.calories, entry.proteinGrams, entry.carbsGrams, entry.fatGrams].contains(0))
            #expect(try kind(cronometer([nutrient: "-1"])) == .amount)
            #expect(throws: ImportError.self, "\(nutrient) missing") { try cronometer(dropping: [nutrient]) }
        }
        #expect(try cronometer(["Time": ""]).foods.first?.time == nil && cronometer(dropping: ["Time"]).foods.first?.time == nil)
        #expect(try cronometer(["Group": ""]).foods.first?.meal == "Uncategorized")
        #expect(try kind(cronometer(["Day": ""])) == .date && kind(cronometer(["Food Name": ""])) == .name)
        #expect(try cronometer(["Amount": "2 serving"]).foods.first?.unit == "serving")
    }
}
