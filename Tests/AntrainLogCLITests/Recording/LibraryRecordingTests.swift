import Foundation
import Testing

/// `exercise`, `food`, `template` and `program`: the library you make, and its rules.
@Suite struct LibraryRecordingTests {
    @Test("A custom exercise, food or template may not take a name the library holds already (issue 38): it would be unreachable by name")
    func namesAreUnique() async throws {
        let scratch = try await seededScratch()
        try await HostileNewCommandTests.expectRefused(scratch, (["exercise", "add", "barbell back squat", "--category", "barbell",
                                                                 "--muscles", "quads"], #"the preset exercise "Barbell Back Squat""#))
        try await HostileNewCommandTests.expectRefused(scratch, (["food", "add", "BANANA", "--kcal", "89", "--protein", "1",
                                                                 "--carbs", "23", "--fat", "0.3"], #"the preset food "Banana""#))
        #expect(try await scratch.runOnLog(["exercise", "add", "Zercher Squat", "--category", "barbell", "--muscles", "quads"]).status == 0)
        try await HostileNewCommandTests.expectRefused(scratch, (["exercise", "edit", "Zercher Squat", "--name", "Front Squat"],
                                                                 "cannot rename exercise"))
        let recased = try await scratch.runOnLog(["exercise", "edit", "Zercher Squat", "--name", "zercher squat"])
        #expect(recased.status == 0, "its own name in another case is its own: \(recased.stderr)")
        let shown = try await scratch.runOnLog(["exercise", "show", "zercher squat", "--format", "json"])
        #expect(shown.stdout.contains(#""name":"zercher squat""#) && shown.stdout.contains(#""isPreset":false"#))
    }

    @Test func anExerciseIsAddedEditedUsedAndDeleted() async throws {
        let scratch = try await seededScratch()
        let added = try await scratch.record(["exercise", "add", "Landmine Press", "--category", "barbell", "--muscles", "shoulders,triceps"])
        let id = try #require(added["exerciseId"] as? String)
        let created = try #require(try await scratch.events("ExerciseCreated").last)
        let definition = try #require(created["definition"] as? [String: Any])
        #expect(created["exerciseID"] as? String == id && created["isPreset"] as? Bool == false)
        #expect(definition["equipment"] as? String == "barbell" && definition["muscleGroups"] as? [String] == ["shoulders", "triceps"])

        let edit = try await scratch.runOnLog(["exercise", "edit", "landmine press", "--name", "Half-kneeling Landmine Press"])
        #expect(edit.status == 0, "\(edit.stderr)")
        let updated = try #require(try await scratch.events("ExerciseUpdated").first?["definition"] as? [String: Any])
        #expect(updated["name"] as? String == "Half-kneeling Landmine Press")
        #expect(updated["muscleGroups"] as? [String] == ["shoulders", "triceps"], "what is not given stays")

        let delete = try await scratch.runOnLog(["exercise", "delete", id])
        #expect(delete.status == 0, "\(delete.stderr)")
        #expect(delete.stdout == "deleted exercise \(id) \"Half-kneeling Landmine Press\"\n")
        try await scratch.expectRefused(["exercise", "delete", id], status: 65, saying: ["was deleted"])
    }

    /// Issue 38: the kind follows the category, as the presets' kinds do (a push-up is a
    /// bodyweight exercise), unless --kind says otherwise.
    @Test func aCustomExercisesKindFollowsItsCategory() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["exercise", "add", "Ring Dip", "--category", "bodyweight", "--muscles", "chest,triceps"])
        _ = try await scratch.record(["exercise", "add", "Assault Bike", "--category", "cardio", "--muscles", "cardio"])
        _ = try await scratch.record(["exercise", "add", "Ring Row", "--category", "bodyweight", "--kind", "weightAndReps", "--muscles", "back"])
        _ = try await scratch.record(["exercise", "add", "Sled Push", "--category", "metcon", "--muscles", "legs"])
        let kinds = try await scratch.events("ExerciseCreated").suffix(4).map { ($0["definition"] as? [String: Any])?["kind"] as? String }
        #expect(kinds == ["bodyweight", "time", "weightAndReps", "weightAndReps"])
        let shown = try await scratch.runOnLog(["exercise", "show", "ring dip"])
        #expect(shown.lines.contains { $0.hasPrefix("kind:") && $0.hasSuffix(" bodyweight") }, "\(shown.stdout)")
    }

    @Test func exerciseRefusals() async throws {
        let scratch = try await seededScratch()
        try await scratch.expectRefused(["exercise", "delete", "Barbell Bench Press"], status: 65,
                                        saying: [#"cannot delete exercise "Barbell Bench Press""#, "it is a preset", "fix: presets stay"])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "barbell", "--muscles", "pecs"], status: 64,
                                        saying: [#""pecs" is not a muscle group"#])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--muscles", "chest"], status: 64, saying: ["Missing --category"])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "barbell", "--muscles", "chest",
                                         "--video", "https://vimeo.com/1"], status: 65, saying: ["the video link must be"])
        try await scratch.expectRefused(["exercise", "edit", "Overhed Pres", "--name", "X"], status: 65,
                                        saying: [#"did you mean "Overhead Press""#])
    }

    @Test func aFoodIsAddedEditedAndDeletedAndPresetsStay() async throws {
        let scratch = try await seededScratch()
        let added = try await scratch.record(["food", "add", "Overnight oats", "--kcal", "150", "--protein", "6", "--carbs", "24",
                                              "--fat", "3.5", "--serving", "250g"])
        let id = try #require(added["foodId"] as? String)
        let created = try #require(try await scratch.events("FoodItemCreated").last?["definition"] as? [String: Any])
        #expect(created["servingSizeG"] as? Double == 250 && created["category"] as? String == "other")
        #expect(try await scratch.runOnLog(["food", "edit", "overnight oats", "--kcal", "155"]).status == 0)
        let updated = try #require(try await scratch.events("FoodItemUpdated").first?["definition"] as? [String: Any])
        #expect((updated["per100g"] as? [String: Any])?["caloriesKcal"] as? Double == 155)
        #expect((updated["per100g"] as? [String: Any])?["fatsG"] as? Double == 3.5, "what is not given stays")
        #expect(try await scratch.runOnLog(["food", "delete", id]).status == 0)
        #expect(try await scratch.events("FoodItemDeleted").first?["foodID"] as? String == id)

        try await scratch.expectRefused(["food", "delete", "Rolled oats"], status: 65, saying: ["it is a preset"])
        try await scratch.expectRefused(["food", "add", "X", "--kcal", "150"], status: 64, saying: ["Give all four nutrients"])
        try await scratch.expectRefused(["food", "add", "X", "--kcal", "1500", "--protein", "1", "--carbs", "1", "--fat", "1"],
                                        status: 65, saying: ["the energy (kcal)"])
        try await scratch.expectRefused(["eat", "Overnight oats", "100g", "--meal", "snack"], status: 65,
                                        saying: [#"no food is named "Overnight oats""#])
    }

    @Test func templatesAndProgramsAndTheTemplateInUseRule() async throws {
        let scratch = try await seededScratch()
        let template = try await scratch.record(["template", "add", "My push", "--item", "Barbell Bench Press=5x5/3m",
                                                 "--item", "break=2m", "--item", "Overhead Press=3x8"])
        let templateID = try #require(template["templateId"] as? String)
        let created = try #require(try await scratch.events("TemplateCreated").last)
        let items = try #require(created["items"] as? [[String: Any]])
        #expect(items.map { $0["kind"] as? String } == ["exercise", "break", "exercise"])
        #expect(items[0]["restSeconds"] as? Int == 180 && items[2]["restSeconds"] as? Int == 90 && items[1]["durationSeconds"] as? Int == 120)

        let program = try await scratch.record(["program", "add", "My split", "--weeks", "2", "--day", "mon=my push", "--day", "4=My Push"])
        let programID = try #require(program["programId"] as? String)
        let definition = try #require(try await scratch.events("ProgramCreated").last?["definition"] as? [String: Any])
        let weeks = try #require(definition["weeks"] as? [[String: Any]])
        #expect(weeks.count == 2 && (weeks[0]["days"] as? [[String: Any]])?.map { $0["dayOfWeek"] as? Int } == [1, 4])

        try await scratch.expectRefused(["template", "delete", "My push"], status: 65,
                                        saying: [#"program(s) "My split" use it"#, "fix: delete the programs you made that use it"])
        try await scratch.expectRefused(["program", "add", "my SPLIT", "--day", "1=My push"], status: 65,
                                        saying: ["has that name", "fix: choose another name"])
        try await scratch.expectRefused(["program", "delete", "Beginner Linear Strength"], status: 65, saying: ["it is a preset"])
        try await scratch.expectRefused(["program", "deactivate"], status: 65, saying: ["no program is active"])

        let copy = try await scratch.record(["program", "duplicate", "My split", "--name", "My split 2"])
        #expect(copy["sourceProgramId"] as? String == programID)
        #expect(try await scratch.runOnLog(["program", "activate", "My split 2", "--start", "2026-12-01"]).status == 0)
        #expect(try await scratch.events("ProgramActivated").first?["startDate"] as? String == "2026-12-01")
        #expect(try await scratch.runOnLog(["program", "deactivate"]).status == 0)
        #expect(try await scratch.runOnLog(["program", "delete", "My split"]).status == 0)
        #expect(try await scratch.runOnLog(["program", "delete", "My split 2"]).status == 0)
        #expect(try await scratch.runOnLog(["template", "edit", "My push", "--name", "Push A"]).status == 0)
        #expect(try await scratch.events("TemplateUpdated").first?["name"] as? String == "Push A")
        let deleted = try await scratch.runOnLog(["template", "delete", "push a"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await scratch.events("TemplateDeleted").first?["templateID"] as? String == templateID)
    }
}
