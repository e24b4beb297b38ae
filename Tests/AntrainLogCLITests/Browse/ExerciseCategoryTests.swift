import Foundation
import Testing

/// Exercise categories of one's own (issue 20): `exercise category add`, `rename`, `delete`
/// and `list`, and `exercise add --category` naming one, through the binary.
@Suite struct ExerciseCategoryTests {
    /// `exercise category list --format json`, by name.
    static func categories(_ scratch: Scratch) async throws -> [String: [String: Any]] {
        let result = try await scratch.runOnLog(["exercise", "category", "list", "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        return Dictionary(uniqueKeysWithValues: rows.map { (($0["name"] as? String) ?? "", $0) })
    }

    /// The names `exercise list --category CATEGORY` gives.
    static func members(_ scratch: Scratch, _ category: String) async throws -> [String] {
        let result = try await scratch.runOnLog(["exercise", "list", "--category", category, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        return rows.compactMap { $0["name"] as? String }
    }

    @Test func anOwnCategoryIsMadeJoinedRenamedAndDeleted() async throws {
        let scratch = try await seededScratch()
        let presets = try await Self.categories(scratch)
        #expect(presets["Push"]?["isPreset"] as? Bool == true && presets["Push"]?["exercises"] as? Int == 15)

        let made = try await scratch.record(["exercise", "category", "add", "Mobility"])
        let id = try #require(made["categoryId"] as? String)
        #expect(try await scratch.events("ExerciseCategoryCreated").last?["categoryID"] as? String == id)

        // One of the library's categories, and any of one's own, in any case.
        let added = try await scratch.record(["exercise", "add", "Hip Airplane", "--category", "bodyweight", "--category", "mobility",
                                              "--category", "Legs", "--muscles", "glutes"])
        let created = try #require(try await scratch.events("ExerciseCreated").last?["definition"] as? [String: Any])
        #expect(created["category"] as? String == "bodyweight")
        #expect((created["categoryIDs"] as? [String])?.count == 2 && (created["categoryIDs"] as? [String])?.first == id)
        #expect(try await Self.members(scratch, "Mobility") == ["Hip Airplane"])
        #expect(try await Self.categories(scratch)["Mobility"]?["exercises"] as? Int == 1)

        let renamed = try await scratch.runOnLog(["exercise", "category", "rename", "mobility", "Mobility & Prehab"])
        #expect(renamed.stdout == "renamed category \(id) \"Mobility\" to \"Mobility & Prehab\"\n", "\(renamed.stderr)")
        #expect(try await scratch.events("ExerciseCategoryRenamed").first?["name"] as? String == "Mobility & Prehab")
        #expect(try await Self.members(scratch, "mobility & prehab") == ["Hip Airplane"])

        // edit replaces the own categories when one is given.
        _ = try await scratch.record(["exercise", "edit", "Hip Airplane", "--category", "Core"])
        #expect(try await Self.members(scratch, "Mobility & Prehab").isEmpty)
        #expect(try await Self.members(scratch, "Core").contains("Hip Airplane"))
        _ = try await scratch.record(["exercise", "edit", "Hip Airplane", "--category", "Mobility & Prehab"])

        let deleted = try await scratch.record(["exercise", "category", "delete", "Mobility & Prehab"])
        #expect(deleted["categoryId"] as? String == id)
        #expect(try await Self.categories(scratch)["Mobility & Prehab"] == nil)
        let show = try await scratch.runOnLog(["exercise", "show", "Hip Airplane"])
        #expect(show.lines.contains("category:       bodyweight"), "a deleted category is not shown: \(show.stdout)")
        #expect(added["exerciseId"] != nil)
    }

    @Test func categoriesThatCannotBeMadeOrChangedAreRefusedAndAppendNothing() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["exercise", "category", "add", "Mobility"])
        try await scratch.expectRefused(["exercise", "category", "add", " mobility "], status: 65,
                                        saying: [#"category "Mobility""#, "category names are unique, ignoring case"])
        try await scratch.expectRefused(["exercise", "category", "add", ""], status: 65, saying: ["name"])
        try await scratch.expectRefused(["exercise", "category", "rename", "Push", "Pushing"], status: 65,
                                        saying: [#"cannot rename category "Push": it is a preset"#])
        try await scratch.expectRefused(["exercise", "category", "rename", "Mobility", "legs"], status: 65,
                                        saying: [#"category "Legs""#, "unique"])
        try await scratch.expectRefused(["exercise", "category", "delete", "Legs"], status: 65,
                                        saying: [#"cannot delete category "Legs": it is a preset"#])
        try await scratch.expectRefused(["exercise", "category", "delete", "Mobilty"], status: 65,
                                        saying: [#"no category is named "Mobilty"; did you mean "Mobility"?"#])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "Mobility", "--muscles", "glutes"], status: 65,
                                        saying: ["an exercise also needs one of the library's", "fix: add --category with one of barbell"])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "barbell", "--category", "Flexy", "--muscles", "glutes"],
                                        status: 65, saying: [#"--category "Flexy" is not a category of the library"#, "\"Mobility\""])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "barbell", "--category", "cable", "--muscles", "glutes"],
                                        status: 64, saying: ["--category barbell and --category cable were both given"])
        _ = try await scratch.record(["exercise", "category", "delete", "Mobility"])
        try await scratch.expectRefused(["exercise", "add", "Thing", "--category", "barbell", "--category", "Mobility", "--muscles", "glutes"],
                                        status: 65, saying: [#"--category "Mobility" is not a category of the library"#])
        try await scratch.expectRefused(["exercise", "category", "rename", "Mobility", "Again"], status: 65,
                                        saying: [#"no category is named "Mobility""#])
    }
}
