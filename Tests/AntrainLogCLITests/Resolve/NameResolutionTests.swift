import Foundation
import Testing

/// Names resolve as people type them (issue 20): any case, any word order, a word's start,
/// a plural for a singular; several candidates are listed and refused, never one picked.
@Suite struct NameResolutionTests {
    @Test func wordsTypedFindTheOneNameHoldingThem() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let dips = try await scratch.runOnLog(["workout", "set", "Dips", "12", "reps"])
        #expect(dips.status == 0 && dips.stdout.contains(": Dip 12 reps"), "\(dips.stdout)\(dips.stderr)")
        let squat = try await scratch.runOnLog(["workout", "set", "squat BACK", "100kg", "x", "5"])
        #expect(squat.status == 0 && squat.stdout.contains(": Barbell Back Squat 100 kg × 5"), "\(squat.stdout)\(squat.stderr)")

        let oats = try await scratch.runOnLog(["eat", "Oats", "80g", "--meal", "breakfast", "--day", "2026-11-21"])
        #expect(oats.status == 0, "\(oats.stderr)")
        #expect(oats.stdout.contains("Rolled oats"), "\(oats.stdout)")
        let pullUp = try await scratch.runOnLog(["prs", "pull ups"])
        #expect(pullUp.status == 0 && pullUp.stdout.contains("Pull-Up"), "\(pullUp.stdout)\(pullUp.stderr)")
        let carry = try await scratch.runOnLog(["exercise", "show", "farmers carry"])
        #expect(carry.status == 0 && carry.stdout.contains("Farmer's Carry"), "\(carry.stdout)\(carry.stderr)")
    }

    @Test func severalNamesHoldingTheWordsAreListedAndNothingIsAppended() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let refused = try await scratch.expectRefused(["workout", "set", "Bench Press", "100kg", "x", "5"], status: 65,
                                                      saying: [#""Bench Press" matches 4 exercises"#, "which one?", "fix: give more of the name"])
        for name in ["Barbell Bench Press", "Dumbbell Bench Press", "Close-Grip Bench Press", "Incline Barbell Bench Press"] {
            #expect(refused.stderr.contains("\"\(name)\""), "\(refused.stderr)")
        }
        // The full name, in any case, is the one meant even though a longer name holds it too.
        let exact = try await scratch.runOnLog(["workout", "set", "barbell bench press", "100kg", "x", "5"])
        #expect(exact.status == 0 && exact.stdout.contains(": Barbell Bench Press 100 kg × 5"), "\(exact.stdout)\(exact.stderr)")
    }

    @Test func libraryIdsAreTakenInAnyCaseAndShortened() async throws {
        let scratch = try await seededScratch()
        let shown = try await scratch.runOnLog(["exercise", "show", "Barbell Bench Press", "--format", "json"])
        let id = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])["id"] as? String
        let full = try #require(id)
        #expect(full == full.uppercased(), "ids print in upper case: \(full)")
        for typed in [full.lowercased(), String(full.prefix(8)).lowercased(), String(full.prefix(4))] {
            let found = try await scratch.runOnLog(["exercise", "show", typed])
            #expect(found.status == 0 && found.stdout.hasPrefix("exercise:       Barbell Bench Press"), "\(typed): \(found.stderr)")
        }
        // A name that is also hex ("Beef") is a name first.
        let beef = try await scratch.runOnLog(["food", "show", "beef"])
        #expect(beef.status == 0 && beef.stdout.contains("Beef mince"), "\(beef.stderr)")
    }

    @Test func aMisspellingStillGetsTheClosestNames() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["template", "show", "Pusj Day"], status: 65, saying: [#"did you mean "Push Day""#])
        try await scratch.expectRefused(["food", "show", "Roled oats"], status: 65, saying: [#"did you mean "Rolled oats""#])
    }
}
