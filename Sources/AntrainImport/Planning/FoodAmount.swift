import AntrainEvents

/// How an exported amount becomes the grams and per-100 g snapshot `FoodLogged` needs.
///
/// - Mass units (`g`, `kg`, `mg`, `oz`, `lb`) convert exactly; `ml` counts as grams (the
///   density of water: right for drinks, close for most liquids).
/// - Any other unit (`1.00 tsp`, `2 serving`, `1 cup`) has no known mass: each unit counts
///   as a nominal 100 g, and the food is a custom food named with its unit ("Honey [tsp]")
///   whose serving is that one unit, so the per-100 g snapshot is exactly one unit's
///   nutrients and the diary shows "100 g" per unit eaten.
/// - Either way the nutrients of the row are kept exactly. Should the per-100 g values break
///   the event's limits (at most 900 kcal and 100 g of a macronutrient per 100 g: an export's
///   rounding, say 63.14 kcal for 7 g of tallow, or a serving richer than 100 g can be), the
///   grams are raised to the least mass that can carry those nutrients, so the day's totals
///   stay exact and only the grams move, by as little as possible.
struct FoodAmount: Equatable {
    /// The grams to log.
    var grams: Double
    /// The row's nutrients per 100 g of `grams`.
    var per100g: Nutrients
    /// Whether the unit had no mass and each unit counts as a nominal 100 g.
    var isNominal: Bool

    /// Grams in one unit of the mass units exports use; nil for units without a mass.
    static func gramsPerUnit(_ unit: String) -> Double? {
        switch unit.trimmingCharacters(in: .whitespaces).lowercased() {
        case "g", "gram", "grams": return 1
        case "kg": return 1000
        case "mg": return 0.001
        case "oz": return 28.349523125
        case "lb", "lbs": return 453.59237
        case "ml": return 1
        default: return nil
        }
    }

    init(_ entry: ImportedFoodEntry) {
        let perUnit = Self.gramsPerUnit(entry.unit)
        isNominal = perUnit == nil
        let stated = entry.amount * (perUnit ?? 100)
        // The least mass that can hold the nutrients: fat, the densest, has 9 kcal a gram.
        let least = max(entry.calories / 9, entry.proteinGrams, entry.carbsGrams, entry.fatGrams)
        grams = max(stated, least)
        let scale = 100 / grams
        // min() only takes off a floating-point hair when `least` decided the grams.
        per100g = Nutrients(caloriesKcal: min(900, entry.calories * scale), proteinG: min(100, entry.proteinGrams * scale),
                            carbsG: min(100, entry.carbsGrams * scale), fatsG: min(100, entry.fatGrams * scale))
    }
}
