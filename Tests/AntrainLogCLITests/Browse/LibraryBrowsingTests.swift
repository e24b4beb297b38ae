import Foundation
import Testing

/// `exercise list/show`, `food list/show/favourite` and `template list/show` (issue 20, "See
/// what exists"), through the binary on a freshly seeded log.
@Suite struct LibraryBrowsingTests {
    @Test func exercisesAreListedByWhatTheyAreAndFoundByWordsInAnyOrder() async throws {
        let scratch = try await seededScratch()
        let all = try await scratch.runOnLog(["exercise", "list", "--format", "json"])
        #expect(all.status == 0, "\(all.stderr)")
        let everything = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
        // The seeder appends the presets concurrently, each to its own stream, so their creation
        // order (the list's order) is not fixed: the lists are compared as sets.
        #expect(everything.count == 67 && everything.contains { $0["name"] as? String == "Barbell Bench Press" })

        let names = { (arguments: [String]) async throws -> [String] in
            let result = try await scratch.runOnLog(["exercise", "list"] + arguments + ["--format", "json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            return rows.compactMap { $0["name"] as? String }.sorted()
        }
        #expect(try await names(["--search", "press BENCH"])
            == ["Barbell Bench Press", "Incline Barbell Bench Press", "Close-Grip Bench Press", "Dumbbell Bench Press"].sorted())
        #expect(try await names(["--category", "bodyweight", "--kind", "time"]) == ["Plank", "Side Plank"])
        #expect(try await names(["--muscle", "chest", "--equipment", "dumbbell"]) == ["Dumbbell Bench Press", "Incline Dumbbell Press"])
        #expect(try await names(["--kind", "distance"]) == ["Rowing Machine", "Running", "Swimming"])
        #expect(try await names(["--search", "zzz"]) == [])

        // A category of the user's (here the seeded "Push") works as --category, in any case.
        let push = try await names(["--category", "push"])
        #expect(push.contains("Barbell Bench Press") && !push.contains("Barbell Row"), "\(push)")

        let table = try await scratch.runOnLog(["exercise", "list", "--kind", "time", "--category", "bodyweight"])
        #expect(table.lines.first?.hasPrefix("NAME") == true && table.lines.last == "2 exercises", "\(table.stdout)")
        try await scratch.expectRefused(["exercise", "list", "--category", "flexibility"], status: 65,
                                        saying: [#""flexibility" is not a category of the library"#, "fix: use barbell"])
        try await scratch.expectRefused(["exercise", "list", "--muscle", "pecs"], status: 64, saying: ["pecs"])
    }

    @Test func anExerciseIsShownWithItsDefinitionRecordsAndLastPerformance() async throws {
        let scratch = try await seededScratch()
        let fresh = try await scratch.runOnLog(["exercise", "show", "barbell bench press"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.contains("kind:           weight and reps") && fresh.stdout.contains("muscles:        chest, triceps, shoulders"),
                "\(fresh.stdout)")
        #expect(fresh.stdout.contains("description:    Lie on a flat bench") && fresh.stdout.contains("last performed: never"))
        #expect(fresh.lines.last == "no records yet")

        _ = try await scratch.record(["workout", "start", "--at", "2026-11-20T18:00"])
        _ = try await scratch.record(["workout", "set", "Plank", "--time", "75s", "--at", "2026-11-20T18:10"])
        _ = try await scratch.record(["workout", "complete", "--at", "2026-11-20T18:30"])
        let plank = try await scratch.runOnLog(["exercise", "show", "plank", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plank.stdout.utf8)) as? [String: Any], "\(plank.stderr)")
        #expect(object["kind"] as? String == "time" && object["muscles"] as? [String] == ["abs", "obliques"])
        #expect(object["sessions"] as? Int == 1 && object["lastPerformedAt"] as? String == "2026-11-20T18:00:00.000000Z")
        let records = try #require(object["records"] as? [String: Any])
        #expect((records["longestDurationSeconds"] as? [String: Any])?["value"] as? Double == 75)
        let text = try await scratch.runOnLog(["exercise", "show", "Plank"])
        #expect(text.stdout.contains("last performed: 2026-11-20 18:00") && text.stdout.contains("longest time  1m15s"), "\(text.stdout)")

        try await scratch.expectRefused(["exercise", "show", "Plnk"], status: 65, saying: [#"did you mean "Plank""#])
    }

    @Test("hasCompletedWorkout (seed 003's history check) is false while the exercise's only workout is open, true once it is completed")
    func hasCompletedWorkout() async throws {
        let scratch = try await seededScratch()
        func flag(_ arguments: [String]) async throws -> Bool? {
            let result = try await scratch.runOnLog(arguments + ["--format", "json"])
            let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let object = (value as? [String: Any]) ?? (value as? [[String: Any]])?.first
            return object?["hasCompletedWorkout"] as? Bool
        }
        #expect(try await flag(["exercise", "show", "Barbell Back Squat"]) == false)
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "Barbell Back Squat", "100kg", "x", "5"])
        #expect(try await flag(["exercise", "show", "Barbell Back Squat"]) == false)
        #expect(try await flag(["stats", "Barbell Back Squat"]) == false)
        _ = try await scratch.record(["workout", "complete"])
        #expect(try await flag(["exercise", "show", "Barbell Back Squat"]) == true)
        #expect(try await flag(["stats", "Barbell Back Squat"]) == true)
    }

    @Test func foodsAreListedByWordsOfTheirNameAndShown() async throws {
        let scratch = try await seededScratch()
        let oats = try await scratch.runOnLog(["food", "list", "--search", "OATS", "--format", "json"])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(oats.stdout.utf8)) as? [[String: Any]], "\(oats.stderr)")
        #expect(found.map { $0["name"] as? String } == ["Rolled oats"])
        #expect((found.first?["per100g"] as? [String: Any])?["caloriesKcal"] as? Double == 379)
        let dairy = try await scratch.runOnLog(["food", "list", "--category", "dairy", "--format", "csv"])
        #expect(dairy.status == 0 && dairy.lines.first?.hasPrefix("id,name,brand,category") == true && dairy.lines.count > 2, "\(dairy.stdout)")
        #expect(dairy.lines.dropFirst().allSatisfy { $0.contains(",dairy,") })
        let shown = try await scratch.runOnLog(["food", "show", "rolled OATS"])
        #expect(shown.stdout.contains("per 100 g: 379 kcal, 13.2 g protein, 67.7 g carbs, 6.5 g fats"), "\(shown.stdout)")
        #expect(shown.stdout.contains("serving:   40 g: 152 kcal") && shown.stdout.contains("favourite: no"), "\(shown.stdout)")
        try await scratch.expectRefused(["food", "show", "Roled oats"], status: 65, saying: [#"did you mean "Rolled oats""#])
    }

    @Test func templatesShowTheirStepsAndTheBuildersEstimate() async throws {
        let scratch = try await seededScratch()
        let list = try await scratch.runOnLog(["template", "list", "--format", "json"])
        let templates = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], "\(list.stderr)")
        #expect(templates.count == 11)
        let push = try #require(templates.first { $0["name"] as? String == "Push Day" })
        // 4 × (8 × 3 + 120) + 2 × 3 × (10 × 3 + 90) + 3 × (15 × 3 + 60) + 2 × 3 × (12 × 3 + 60) = 2187.
        #expect(push["estimatedDurationSeconds"] as? Int == 2187 && push["steps"] as? Int == 6)

        let shown = try await scratch.runOnLog(["template", "show", "push day"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("estimated: 36m27s"), "\(shown.stdout)")
        #expect(shown.lines.contains { $0.contains("Barbell Bench Press") && $0.contains("2m") && $0.contains("9m36s") }, "\(shown.stdout)")

        // Timed steps count once and breaks count as they are.
        let circuit = try await scratch.runOnLog(["template", "show", "Conditioning Circuit", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(circuit.stdout.utf8)) as? [String: Any], "\(circuit.stderr)")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(object["estimatedDurationSeconds"] as? Int == 1467 && steps.count == 8)
        #expect(steps[0]["target"] as? String == "time" && steps[0]["estimatedSeconds"] as? Int == 300)
        #expect(steps[1]["kind"] as? String == "break" && steps[1]["durationSeconds"] as? Int == 60)

        _ = try await scratch.record(["template", "add", "My plank", "--item", "Plank=45s", "--item", "break=30s", "--item", "Push-Up=2x10/60s"])
        let mine = try await scratch.runOnLog(["template", "show", "my plank", "--format", "json"])
        let own = try #require(try JSONSerialization.jsonObject(with: Data(mine.stdout.utf8)) as? [String: Any], "\(mine.stderr)")
        // 45 + 30 + 2 × (10 × 3 + 60).
        #expect(own["estimatedDurationSeconds"] as? Int == 255 && own["isPreset"] as? Bool == false)
        try await scratch.expectRefused(["template", "show", "Pusj Day"], status: 65, saying: [#"did you mean "Push Day""#])
    }

    @Test func aFoodIsMarkedAndUnmarkedAsAFavourite() async throws {
        let scratch = try await seededScratch()
        #expect(try await scratch.runOnLog(["food", "list", "--favourites"]).stdout
            == "no favourite food matches (mark one with antrain-log food favourite NAME)\n")
        let marked = try await scratch.runOnLog(["food", "favourite", "rolled oats"])
        #expect(marked.status == 0 && marked.stdout == "\"Rolled oats\" is a favourite\n", "\(marked.stderr)")
        #expect(try await scratch.events("FoodFavourited").first?["isFavourite"] as? Bool == true)
        let favourites = try await scratch.runOnLog(["food", "list", "--favourites", "--format", "csv"])
        #expect(favourites.lines.count == 2 && favourites.lines[1].contains(",Rolled oats,"), "\(favourites.stdout)")
        #expect(try await scratch.runOnLog(["food", "show", "Rolled Oats"]).stdout.contains("favourite: yes"))

        let unmarked = try await scratch.record(["food", "favourite", "Rolled oats", "--off"])
        #expect(unmarked["isFavourite"] as? Bool == false)
        #expect(try await scratch.runOnLog(["food", "list", "--favourites", "--format", "json"]).stdout == "[]\n")
        try await scratch.expectRefused(["food", "favourite", "Roled oats"], status: 65, saying: [#"did you mean "Rolled oats""#])
        let own = try #require(try await scratch.record(["food", "add", "Flapjack", "--kcal", "450", "--protein", "6", "--carbs", "60",
                                                         "--fat", "20"])["foodId"] as? String)
        #expect(try await scratch.runOnLog(["food", "delete", own]).status == 0)
        try await scratch.expectRefused(["food", "favourite", own], status: 65, saying: ["was deleted"])
    }
}
