import AntrainEvents
import Foundation

/// Plans the diary entries of a nutrition export: one `FoodLogged` per row, in the stream of
/// its day, and a custom food for each name (and, for units without a mass, each unit) the
/// library lacks. ``FoodAmount`` says how amounts become grams.
struct FoodPlanner {
    let library: KnownLibrary
    let values: ExportValues
    /// `FoodItemCreated` streams for the foods the library lacked, in order of first use.
    private(set) var createdFoods: [PlannedStream] = []
    private var foodIDs: [String: UUID] = [:]

    init(library: KnownLibrary, values: ExportValues) {
        self.library = library
        self.values = values
    }

    /// The diary streams, one per day in day order, each entry in file order.
    mutating func plan(_ entries: [ImportedFoodEntry], into plan: inout ImportPlan) -> [PlannedStream] {
        var days: [CalendarDay: [NewEvent]] = [:]
        // Identical rows (the same food twice at the same meal) are two entries: the
        // occurrence number keeps their ids apart, and stable across re-imports.
        var occurrences: [String: Int] = [:]
        for entry in entries {
            let amount = FoodAmount(entry)
            let foodName = entry.foodName + (amount.isNominal ? " [\(entry.unit)]" : "")
            guard let name = ImportPlanner.name(foodName) else {
                plan.skipped.append(SkippedRow(line: entry.line, .name, reason: "the food has no name"))
                continue
            }
            let foodID = foodID(named: name, amount: amount, unit: entry.unit)
            let content = [entry.day.description, entry.time ?? "", entry.meal, entry.foodName, String(entry.amount), entry.unit,
                           String(entry.calories), String(entry.proteinGrams), String(entry.carbsGrams), String(entry.fatGrams)]
            let key = content.joined(separator: "\u{1F}")
            occurrences[key, default: 0] += 1
            let entryID = UUID.stable(["import", "food-entry"] + content + [String(occurrences[key]!)])
            let meal = Self.meal(entry.meal)
            let loggedAt = values.instant("\(entry.day) \(entry.time ?? Self.usualTime(of: meal))")
                ?? Timestamp(microsecondsSince1970: Int64(entry.day.daysSince1970) * 86_400_000_000 + 43_200_000_000)
            let event = FoodLogged(entryID: entryID, day: entry.day, meal: meal, foodID: foodID, foodName: name,
                                   amountGrams: amount.grams, per100g: amount.per100g, loggedAt: loggedAt)
            do {
                try event.validate()
            } catch {
                plan.skipped.append(SkippedRow(line: entry.line, .outOfRange, reason: "not an entry Antrain can record: " + error.issues.map(\.description).joined(separator: "; ")))
                continue
            }
            days[entry.day, default: []].append(NewEvent(event, id: .importEvent("FoodLogged", entryID), recordedAt: loggedAt))
            plan.foods += 1
        }
        return days.keys.sorted().map { PlannedStream(stream: "diary-\($0)", events: days[$0]!) }
    }

    /// The library's food of this name, or a custom one created on first use from this
    /// row's nutrients (later rows of the same food keep their own snapshots).
    private mutating func foodID(named name: String, amount: FoodAmount, unit: String) -> UUID {
        if let known = library.food(named: name) { return known }
        let key = KnownLibrary.key(name)
        if let created = foodIDs[key] { return created }
        let id = UUID.stable("import", "food", key)
        foodIDs[key] = id
        // A nominal unit is one serving of "100 g": the snapshot is one unit's nutrients.
        let definition = FoodDefinition(name: name, per100g: amount.per100g, servingSizeG: amount.isNominal ? 100 : nil, category: .other)
        createdFoods.append(PlannedStream(stream: "food-" + id.uuidString.lowercased(), events: [
            NewEvent(FoodItemCreated(foodID: id, definition: definition), id: .importEvent("FoodItemCreated", id)),
        ]))
        return id
    }

    /// Cronometer's groups ("Breakfast", "Snacks", "Drinks", "Uncategorized") as Antrain's
    /// four meals; anything that is not breakfast, lunch or dinner counts as a snack.
    static func meal(_ group: String) -> Meal {
        let lower = group.lowercased()
        if lower.contains("breakfast") { return .breakfast }
        if lower.contains("lunch") { return .lunch }
        if lower.contains("dinner") || lower.contains("supper") { return .dinner }
        return .snack
    }

    /// The time an entry without one is logged at: the meal's usual hour, so that the
    /// diary's order stays breakfast, lunch, snack, dinner.
    static func usualTime(of meal: Meal) -> String {
        switch meal {
        case .breakfast: return "08:00"
        case .lunch: return "12:30"
        case .snack: return "15:30"
        case .dinner: return "19:00"
        }
    }
}
