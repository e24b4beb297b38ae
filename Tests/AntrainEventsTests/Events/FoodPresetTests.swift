import AntrainEvents
import Foundation
import Testing

@Suite("Preset foods fixture")
struct FoodPresetTests {
    /// `fixtures/library/foods.json`, found from this file: Tests/AntrainEventsTests/Events/ up to the package root.
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/library/foods.json")

    static func presets() throws -> [FoodItemCreated] {
        try JSONDecoder().decode([FoodItemCreated].self, from: Data(contentsOf: fixture))
    }

    /// The slug a preset's id is derived from: lower case, runs of anything but letters and digits made one dash.
    static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }

    @Test("The fixture decodes to at least 40 presets, each valid")
    func decodesAndValidates() throws {
        let foods = try Self.presets()
        #expect(foods.count >= 40)
        for food in foods {
            #expect(food.isPreset, "\(food.definition.name)")
            #expect(NutritionEventChecks.rejectedFields(food) == [], "\(food.definition.name)")
        }
    }

    @Test("Ids and names are unique, and each id is the stable id of the name's slug")
    func stableIDs() throws {
        let foods = try Self.presets()
        #expect(Set(foods.map(\.foodID)).count == foods.count)
        #expect(Set(foods.map { $0.definition.name.lowercased() }).count == foods.count)
        for food in foods {
            #expect(food.foodID == UUID.stable("preset", "food", Self.slug(food.definition.name)), "\(food.definition.name)")
        }
        #expect(Self.slug("Beef mince 85% lean, cooked") == "beef-mince-85-lean-cooked")
    }

    @Test("Each preset is written exactly as JSONEncoder writes it (keys sorted), one a line")
    func canonicalJSON() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let foods = try Self.presets()
        #expect(lines.first == "[" && lines.last == "]")
        #expect(lines.count == foods.count + 2)
        for (index, food) in foods.enumerated() where index + 1 < lines.count {
            let encoded = try #require(String(data: try NutritionEventChecks.sortedJSONEncoder().encode(food), encoding: .utf8))
            let expected = encoded + (index == foods.count - 1 ? "" : ",")
            #expect(lines[index + 1] == expected)
        }
    }

    @Test("Energy agrees with the macronutrients (4, 4 and 9 kcal a gram) within 12 % or 25 kcal")
    func energyIsPlausible() throws {
        for food in try Self.presets() {
            let n = food.definition.per100g
            let estimate = 4 * n.proteinG + 4 * n.carbsG + 9 * n.fatsG
            #expect((estimate - n.caloriesKcal).magnitude <= max(25, 0.12 * n.caloriesKcal),
                    "\(food.definition.name): \(n.caloriesKcal) kcal given, \(estimate) from macros")
            #expect(n.proteinG + n.carbsG + n.fatsG <= 100, "\(food.definition.name)")
        }
    }

    @Test("Every category has at least one preset")
    func categories() throws {
        let used = Set(try Self.presets().map(\.definition.category))
        #expect(used == Set(FoodCategory.allCases))
    }
}
