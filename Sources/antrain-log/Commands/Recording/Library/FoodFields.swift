import AntrainEvents
import ArgumentParser

/// The parts of a food's definition that `food add` and `food edit` take, nutrients per
/// 100 g; each one left out keeps its current value on edit.
struct FoodFields: ParsableArguments {
    // `--kcal`; `--calories` too, as `profile` takes it.
    @Option(name: [.customLong("kcal"), .customLong("calories")], help: "Energy per 100 g, in kcal (0 to 900).")
    var kcal: Double?

    @Option(name: .long, help: "Protein per 100 g, in grams (0 to 100).")
    var protein: Double?

    @Option(name: .long, help: "Carbohydrates per 100 g, in grams (0 to 100).")
    var carbs: Double?

    @Option(name: .long, help: "Fats per 100 g, in grams (0 to 100).")
    var fat: Double?

    @Option(name: .long, help: "The brand, for packaged foods, 1 to 50 characters (\"\" removes it on edit).")
    var brand: String?

    @Option(name: .long, help: ArgumentHelp("The usual serving: 150g, or plain grams.", valueName: "amount"))
    var serving: String?

    @Option(name: .long, help: "protein, dairy, grains, legumes, fruit, vegetables, fats, snacks, beverages, prepared or other.")
    var category: FoodCategory?

    /// Whether all four nutrients were given, as a new food needs.
    var hasAllNutrients: Bool { kcal != nil && protein != nil && carbs != nil && fat != nil }

    /// `definition` with the fields given replaced.
    func applied(to definition: FoodDefinition) throws -> FoodDefinition {
        var result = definition
        if let kcal { result.per100g.caloriesKcal = kcal }
        if let protein { result.per100g.proteinG = protein }
        if let carbs { result.per100g.carbsG = carbs }
        if let fat { result.per100g.fatsG = fat }
        if let brand { result.brand = brand.isEmpty ? nil : brand }
        if let serving { result.servingSizeG = try Quantities.grams(serving, what: "serving") }
        if let category { result.category = category }
        return result
    }
}
