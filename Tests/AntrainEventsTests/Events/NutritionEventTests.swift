import AntrainEvents
import Foundation
import Testing

@Suite("Food library and diary events")
struct NutritionEventTests {
    typealias Check = NutritionEventChecks

    static let foodID = UUID(uuidString: "0C7A5E2B-91D4-4F3A-8B6E-2D1C9F8A7B65")!
    static let entryID = UUID(uuidString: "E3B1F9A2-6C4D-4E7F-A5B8-C9D0E1F2A3B4")!
    static let day = CalendarDay(year: 2025, month: 9, day: 15)!
    static let chicken = Nutrients(caloriesKcal: 165, proteinG: 31, carbsG: 0, fatsG: 3.6)
    static let definition = FoodDefinition(name: "Chicken breast, cooked", brand: "Farm Fresh", per100g: chicken,
                                           servingSizeG: 120, category: .protein)

    static let created = FoodItemCreated(foodID: foodID, definition: definition)
    static let updated = FoodItemUpdated(foodID: foodID, definition: definition)
    static let logged = FoodLogged(entryID: entryID, day: day, meal: .lunch, foodID: foodID, foodName: "Chicken breast, cooked",
                                   amountGrams: 150, per100g: chicken, loggedAt: Timestamp("2025-09-15T12:30:00Z")!)
    static let corrected = FoodEntryCorrected(entryID: entryID, day: day, meal: .dinner, amountGrams: 200)

    // MARK: - Nutrients and definitions

    @Test("Valid foods and diary entries pass, boundaries included")
    func valid() {
        #expect(Check.rejectedFields(Self.created) == [])
        #expect(Check.rejectedFields(Self.updated) == [])
        #expect(Check.rejectedFields(Self.logged) == [])
        #expect(Check.rejectedFields(Self.corrected) == [])
        #expect(Check.rejectedFields(FoodItemDeleted(foodID: Self.foodID)) == [])
        #expect(Check.rejectedFields(FoodFavourited(foodID: Self.foodID, isFavourite: false)) == [])
        #expect(Check.rejectedFields(FoodEntryRemoved(entryID: Self.entryID, day: Self.day)) == [])
        let minimal = FoodDefinition(name: "Water", per100g: .zero, category: .beverages)
        #expect(Check.rejectedFields(FoodItemCreated(foodID: Self.foodID, definition: minimal, isPreset: true)) == [])
        let oil = Nutrients(caloriesKcal: 900, proteinG: 0, carbsG: 0, fatsG: 100)
        Check.expectAccepted(Self.created) { $0.definition.per100g = oil }
        // A diary entry keeps the values it was logged with, each within its range, unchecked
        // against each other (imports scale them from the source's servings).
        let extremes = Nutrients(caloriesKcal: 900, proteinG: 100, carbsG: 100, fatsG: 100)
        Check.expectAccepted(Self.logged) { $0.per100g = extremes; $0.amountGrams = 0.001 }
        Check.expectAccepted(Self.created) { $0.definition.name = String(repeating: "é", count: 100) }
        Check.expectAccepted(Self.created) { $0.definition.servingSizeG = 0.5 }
    }

    @Test("A food's energy and macronutrients must describe one real 100 g (issue 19)")
    func nutrientConsistency() {
        Check.expectRejected(Self.created, for: ["definition.per100g"]) { $0.definition.per100g = Nutrients(caloriesKcal: 640, proteinG: 80, carbsG: 80, fatsG: 0) }
        Check.expectRejected(Self.created, for: ["definition.per100g.caloriesKcal"]) { $0.definition.per100g.caloriesKcal = 16.5 }
        Check.expectRejected(Self.updated, for: ["definition.per100g.caloriesKcal"]) {
            $0.definition.per100g = Nutrients(caloriesKcal: 0, proteinG: 25, carbsG: 0, fatsG: 10)
        }
        Check.expectAccepted(Self.created) { $0.definition.per100g = Nutrients(caloriesKcal: 216, proteinG: 16, carbsG: 64, fatsG: 4.3) }
        Check.expectAccepted(Self.created) { $0.definition.per100g = Nutrients(caloriesKcal: 250, proteinG: 0, carbsG: 0, fatsG: 0) }
    }

    @Test("Nutrients out of range are rejected with their path in the event")
    func nutrientRanges() {
        Check.expectRejected(Self.created, for: ["definition.per100g.caloriesKcal"]) { $0.definition.per100g.caloriesKcal = -1 }
        Check.expectRejected(Self.created, for: ["definition.per100g.caloriesKcal"]) { $0.definition.per100g.caloriesKcal = 900.1 }
        Check.expectRejected(Self.created, for: ["definition.per100g.proteinG"]) { $0.definition.per100g.proteinG = -0.1 }
        Check.expectRejected(Self.created, for: ["definition.per100g.proteinG"]) { $0.definition.per100g.proteinG = 100.5 }
        Check.expectRejected(Self.updated, for: ["definition.per100g.carbsG"]) { $0.definition.per100g.carbsG = 101 }
        Check.expectRejected(Self.updated, for: ["definition.per100g.fatsG"]) { $0.definition.per100g.fatsG = -3 }
        Check.expectRejected(Self.logged, for: ["per100g.proteinG"]) { $0.per100g.proteinG = 120 }
        Check.expectRejected(Self.logged, for: ["per100g.caloriesKcal", "per100g.proteinG", "per100g.carbsG", "per100g.fatsG"]) {
            $0.per100g = Nutrients(caloriesKcal: 1000, proteinG: -1, carbsG: 200, fatsG: 100.01)
        }
    }

    @Test("Non-finite nutrients, servings and amounts are rejected by field", arguments: NutritionEventChecks.nonFinite)
    func nonFinite(bad: Double) {
        Check.expectRejected(Self.created, for: ["definition.per100g.caloriesKcal"]) { $0.definition.per100g.caloriesKcal = bad }
        Check.expectRejected(Self.created, for: ["definition.per100g.proteinG"]) { $0.definition.per100g.proteinG = bad }
        Check.expectRejected(Self.updated, for: ["definition.per100g.carbsG"]) { $0.definition.per100g.carbsG = bad }
        Check.expectRejected(Self.updated, for: ["definition.per100g.fatsG"]) { $0.definition.per100g.fatsG = bad }
        Check.expectRejected(Self.created, for: ["definition.servingSizeG"]) { $0.definition.servingSizeG = bad }
        Check.expectRejected(Self.logged, for: ["amountGrams"]) { $0.amountGrams = bad }
        Check.expectRejected(Self.logged, for: ["per100g.fatsG"]) { $0.per100g.fatsG = bad }
        Check.expectRejected(Self.corrected, for: ["amountGrams"]) { $0.amountGrams = bad }
    }

    @Test("Bad names, brands and servings are rejected by field")
    func definitionFields() {
        Check.expectRejected(Self.created, for: ["definition.name"]) { $0.definition.name = "" }
        Check.expectRejected(Self.created, for: ["definition.name"]) { $0.definition.name = "   \n" }
        Check.expectRejected(Self.created, for: ["definition.name"]) { $0.definition.name = String(repeating: "x", count: 101) }
        Check.expectRejected(Self.updated, for: ["definition.name"]) { $0.definition.name = "Oats\u{1B}" }
        Check.expectRejected(Self.created, for: ["definition.brand"]) { $0.definition.brand = " " }
        Check.expectRejected(Self.updated, for: ["definition.brand"]) { $0.definition.brand = String(repeating: "b", count: 101) }
        Check.expectRejected(Self.created, for: ["definition.servingSizeG"]) { $0.definition.servingSizeG = 0 }
        Check.expectRejected(Self.updated, for: ["definition.servingSizeG"]) { $0.definition.servingSizeG = -30 }
        Check.expectRejected(Self.created, for: ["definition.name", "definition.brand", "definition.per100g.fatsG",
                                                 "definition.servingSizeG"]) {
            $0.definition = FoodDefinition(name: "", brand: "", per100g: Nutrients(caloriesKcal: 0, proteinG: 0, carbsG: 0, fatsG: -1),
                                           servingSizeG: 0, category: .other)
        }
    }

    // MARK: - Diary

    @Test("Amounts must be more than 0 g and food names 1 to 100 characters")
    func diaryFields() {
        Check.expectRejected(Self.logged, for: ["amountGrams"]) { $0.amountGrams = 0 }
        Check.expectRejected(Self.logged, for: ["amountGrams"]) { $0.amountGrams = -150 }
        Check.expectRejected(Self.corrected, for: ["amountGrams"]) { $0.amountGrams = 0 }
        Check.expectRejected(Self.corrected, for: ["amountGrams"]) { $0.amountGrams = -0.5 }
        Check.expectRejected(Self.logged, for: ["foodName"]) { $0.foodName = "" }
        Check.expectRejected(Self.logged, for: ["foodName"]) { $0.foodName = "\t " }
        Check.expectRejected(Self.logged, for: ["foodName"]) { $0.foodName = String(repeating: "x", count: 101) }
        Check.expectRejected(Self.logged, for: ["foodName", "amountGrams", "per100g.carbsG"]) {
            $0.foodName = ""
            $0.amountGrams = 0
            $0.per100g.carbsG = -1
        }
    }

    @Test("Library events belong to the food's stream, diary events to their day's")
    func streams() {
        let food = "food-0c7a5e2b-91d4-4f3a-8b6e-2d1c9f8a7b65"
        #expect(Self.created.streamID == food)
        #expect(Self.updated.streamID == food)
        #expect(FoodItemDeleted(foodID: Self.foodID).streamID == food)
        #expect(FoodFavourited(foodID: Self.foodID, isFavourite: true).streamID == food)
        #expect(Self.logged.streamID == "diary-2025-09-15")
        #expect(Self.corrected.streamID == "diary-2025-09-15")
        #expect(FoodEntryRemoved(entryID: Self.entryID, day: Self.day).streamID == "diary-2025-09-15")
        #expect(Self.created.isPreset == false)
    }

    @Test("The group lists every type once, each at its current schema version")
    func eventTypes() {
        let names = NutritionAndBodyEventTypes.all.map { $0.eventType }
        #expect(names == ["CardioLogged", "MetconLogged", "FoodItemCreated", "FoodItemUpdated", "FoodItemDeleted", "FoodFavourited",
                          "FoodLogged", "FoodEntryCorrected", "FoodEntryRemoved", "ProfileUpdated", "BodyweightRecorded",
                          "SettingsChanged"])
        #expect(Set(names).count == names.count)
        // Version 2 renamed the diary's `grams`, made bodyweight a Mass and gave a quick log its
        // time zone; version 3 gave a weigh-in its time zone (AntrainMigrationPlan).
        let versions: [String: UInt16] = ["CardioLogged": 2, "MetconLogged": 2, "FoodLogged": 2, "FoodEntryCorrected": 2,
                                          "BodyweightRecorded": 3]
        #expect(NutritionAndBodyEventTypes.all.allSatisfy { $0.schemaVersion == versions[$0.eventType, default: 1] })
    }

    // MARK: - Codec

    static let extremes = Nutrients(caloriesKcal: .greatestFiniteMagnitude, proteinG: .leastNonzeroMagnitude,
                                    carbsG: -.greatestFiniteMagnitude, fatsG: 1.0 / 3)

    static var libraryEdges: [FoodItemCreated] {
        FoodCategory.allCases.map {
            FoodItemCreated(foodID: UUID(), definition: FoodDefinition(name: "Food", per100g: .zero, category: $0), isPreset: true)
        } + [
            created,
            FoodItemCreated(foodID: UUID(), definition: FoodDefinition(name: Check.nonASCII(100), brand: Check.nonASCII(100),
                                                                       per100g: extremes, servingSizeG: 4_503_599_627_370_497,
                                                                       category: .prepared)),
            FoodItemCreated(foodID: UUID(), definition: FoodDefinition(name: "", brand: "", per100g: .zero, servingSizeG: -0.0,
                                                                       category: .other), isPreset: true),
        ]
    }

    static var diaryEdges: [FoodLogged] {
        Meal.allCases.map {
            FoodLogged(entryID: UUID(), day: day, meal: $0, foodID: foodID, foodName: "Oats", amountGrams: 40, per100g: .zero,
                       loggedAt: Check.earliest)
        } + [
            logged,
            FoodLogged(entryID: UUID(), day: CalendarDay(year: 9999, month: 12, day: 31)!, meal: .snack, foodID: UUID(),
                       foodName: Check.nonASCII(100), amountGrams: .greatestFiniteMagnitude, per100g: extremes, loggedAt: Check.latest),
            FoodLogged(entryID: UUID(), day: CalendarDay(year: 1, month: 1, day: 1)!, meal: .breakfast, foodID: UUID(),
                       foodName: "", amountGrams: -.leastNonzeroMagnitude, per100g: .zero, loggedAt: Check.earliest),
        ]
    }

    @Test("Food and diary events round-trip through the binary and JSON forms")
    func roundTrips() throws {
        for event in Self.libraryEdges {
            try Check.expectRoundTrips(event)
            try Check.expectRoundTrips(FoodItemUpdated(foodID: event.foodID, definition: event.definition))
        }
        for isFavourite in [true, false] {
            try Check.expectRoundTrips(FoodFavourited(foodID: Self.foodID, isFavourite: isFavourite))
        }
        try Check.expectRoundTrips(FoodItemDeleted(foodID: Self.foodID))
        for event in Self.diaryEdges {
            try Check.expectRoundTrips(event)
            try Check.expectRoundTrips(FoodEntryCorrected(entryID: event.entryID, day: event.day, meal: event.meal, amountGrams: event.amountGrams))
            try Check.expectRoundTrips(FoodEntryRemoved(entryID: event.entryID, day: event.day))
        }
    }

    @Test("The JSON form names each field as the type does")
    func jsonShape() throws {
        let json = try #require(String(data: try Check.sortedJSONEncoder().encode(Self.corrected), encoding: .utf8))
        #expect(json == #"{"amountGrams":200,"day":"2025-09-15","entryID":"E3B1F9A2-6C4D-4E7F-A5B8-C9D0E1F2A3B4","meal":"dinner"}"#)
    }

    @Test("Food and diary events cut short at any length fail to decode")
    func truncation() throws {
        for event in Self.libraryEdges {
            try Check.expectTruncationsFail(event)
            try Check.expectTruncationsFail(FoodItemUpdated(foodID: event.foodID, definition: event.definition))
        }
        try Check.expectTruncationsFail(FoodFavourited(foodID: Self.foodID, isFavourite: true))
        try Check.expectTruncationsFail(FoodItemDeleted(foodID: Self.foodID))
        for event in Self.diaryEdges {
            try Check.expectTruncationsFail(event)
            try Check.expectTruncationsFail(FoodEntryCorrected(entryID: event.entryID, day: event.day, meal: event.meal, amountGrams: event.amountGrams))
            try Check.expectTruncationsFail(FoodEntryRemoved(entryID: event.entryID, day: event.day))
        }
    }
}
