import Foundation

/// Energy and macronutrients in 100 g of a food.
public struct Nutrients: Codable, Sendable, Hashable {
    /// Energy, in kilocalories, 0 to 900 (pure fat has about 900).
    public var caloriesKcal: Double
    /// Protein, in grams, 0 to 100.
    public var proteinG: Double
    /// Carbohydrates, in grams, 0 to 100.
    public var carbsG: Double
    /// Fats, in grams, 0 to 100.
    public var fatsG: Double

    /// Nutrients per 100 g.
    public init(caloriesKcal: Double, proteinG: Double, carbsG: Double, fatsG: Double) {
        self.caloriesKcal = caloriesKcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatsG = fatsG
    }

    /// No energy and no macronutrients (water, black coffee).
    public static let zero = Nutrients(caloriesKcal: 0, proteinG: 0, carbsG: 0, fatsG: 0)

    private enum CodingKeys: String, CodingKey { case caloriesKcal, proteinG, carbsG, fatsG }

    // The binary form is what a keyed container would write (the four numbers in order);
    // read and written directly because every diary entry holds one.
    public init(from decoder: any Decoder) throws {
        if let binary = decoder as? BinaryEventDecoder {
            caloriesKcal = try binary.readDouble()
            proteinG = try binary.readDouble()
            carbsG = try binary.readDouble()
            fatsG = try binary.readDouble()
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        caloriesKcal = try container.decode(Double.self, forKey: .caloriesKcal)
        proteinG = try container.decode(Double.self, forKey: .proteinG)
        carbsG = try container.decode(Double.self, forKey: .carbsG)
        fatsG = try container.decode(Double.self, forKey: .fatsG)
    }

    public func encode(to encoder: any Encoder) throws {
        if let binary = encoder as? BinaryEventEncoder {
            for number in [caloriesKcal, proteinG, carbsG, fatsG] { try binary.writeDouble(number) }
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(caloriesKcal, forKey: .caloriesKcal)
        try container.encode(proteinG, forKey: .proteinG)
        try container.encode(carbsG, forKey: .carbsG)
        try container.encode(fatsG, forKey: .fatsG)
    }
}

extension Nutrients: Validatable {
    public func validate(into validator: inout Validator) {
        validator.number(caloriesKcal, "caloriesKcal", NutritionLimits.caloriesPer100g)
        validator.number(proteinG, "proteinG", NutritionLimits.macroPer100g)
        validator.number(carbsG, "carbsG", NutritionLimits.macroPer100g)
        validator.number(fatsG, "fatsG", NutritionLimits.macroPer100g)
    }
}

/// The shelf a food sits on in the library.
public enum FoodCategory: String, StringCodedEnum {
    /// Meat, poultry, fish, eggs, tofu, protein powders.
    case protein
    /// Milk, yoghurt, cheese.
    case dairy
    /// Rice, oats, bread, pasta and other cereals.
    case grains
    /// Beans, lentils, chickpeas.
    case legumes
    /// Fresh and dried fruit.
    case fruit
    /// Vegetables, potatoes included.
    case vegetables
    /// Oils, butter, nuts and seeds.
    case fats
    /// Sweets, crisps and other snacks.
    case snacks
    /// Drinks.
    case beverages
    /// Ready meals and mixed dishes.
    case prepared
    /// Anything else.
    case other

    /// Seed 001's names for its coarser shelves (protein, carb, fat, vegetable, fruit, dairy,
    /// other): `carb` reads as grains (rice, oats, bread, pasta), `fat` as fats, `vegetable` as
    /// vegetables. Read on input; the finer names are written.
    public static let decodingAliases: [String: FoodCategory] = [
        "carb": .grains, "carbs": .grains, "fat": .fats, "vegetable": .vegetables,
    ]
}

/// What a food of the library is: its name, brand, nutrients and usual serving.
///
/// One shape serves creation and updates, so that an update always carries the whole
/// definition and read models never merge partial changes.
public struct FoodDefinition: Codable, Sendable, Hashable {
    /// The name, 1 to 100 characters ("Chicken breast, cooked").
    public var name: String
    /// The brand, 1 to 50 characters (seed 001), for packaged foods.
    public var brand: String?
    /// Energy and macronutrients per 100 g.
    public var per100g: Nutrients
    /// The usual serving, in grams.
    public var servingSizeG: Double?
    /// The category it is listed under.
    public var category: FoodCategory

    /// A food's definition.
    public init(name: String, brand: String? = nil, per100g: Nutrients, servingSizeG: Double? = nil,
                category: FoodCategory) {
        self.name = name
        self.brand = brand
        self.per100g = per100g
        self.servingSizeG = servingSizeG
        self.category = category
    }
}

extension FoodDefinition: Validatable {
    public func validate(into validator: inout Validator) {
        validator.name(name, "name")
        validator.name(brand, "brand", maxLength: 50)
        validator.nested(per100g, "per100g")
        per100g.checkConsistency(into: &validator)
        validator.number(servingSizeG, "servingSizeG", .above(0))
    }
}

extension Nutrients {
    /// Checks that the values can describe one real 100 g (issue 19): protein, carbs and fat
    /// weigh at most 100 g (2 g for rounding), and the energy agrees with what they give at
    /// 4, 4 and 9 kcal a gram. The bounds are wide on purpose: labels count fibre in carbs
    /// (wheat bran gives 1.6 times its stated energy), alcohol adds up to 7 kcal a gram of
    /// the rest, and imports scale small servings' rounded figures up to 100 g; a typo (165
    /// typed 16.5, the energy left at 0, a macro in the wrong box) still stands out.
    func checkConsistency(into validator: inout Validator) {
        // Only values each within its range are compared: one wrong value is one message.
        guard NutritionLimits.caloriesPer100g.allows(caloriesKcal),
              [proteinG, carbsG, fatsG].allSatisfy(NutritionLimits.macroPer100g.allows) else { return }
        let grams = proteinG + carbsG + fatsG
        validator.check(grams <= 102, "per100g", value: "\(Self.figure(grams)) g of protein, carbs and fat",
                        allowed: "at most 100 g of protein, carbs and fat in 100 g of food")
        let fromMacros = 4 * proteinG + 4 * carbsG + 9 * fatsG
        let lowest = 0.5 * fromMacros - 30
        let highest = fromMacros + 7 * max(0, 100 - grams) + 30
        validator.check(caloriesKcal >= lowest && caloriesKcal <= highest, "per100g.caloriesKcal",
                        value: "\(Self.figure(caloriesKcal)) kcal, where the protein, carbs and fat give \(Self.figure(fromMacros)) kcal",
                        allowed: "\(Self.figure(max(0, lowest))) to \(Self.figure(highest)) kcal for these macronutrients")
    }

    private static func figure(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// The meal a diary entry belongs to.
public enum Meal: String, StringCodedEnum {
    /// Breakfast.
    case breakfast
    /// Lunch.
    case lunch
    /// Dinner.
    case dinner
    /// Anything between meals.
    case snack
}

/// Limits shared by the nutrition events.
enum NutritionLimits {
    static let caloriesPer100g = NumberRule.within(0...900)
    static let macroPer100g = NumberRule.within(0...100)
    /// An amount eaten, in grams.
    static let grams = NumberRule.above(0)
}
