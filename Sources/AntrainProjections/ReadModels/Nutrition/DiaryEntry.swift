import AntrainEvents
import Foundation

/// One food diary entry as it stands: the snapshot `FoodLogged` took, with the meal and
/// amount of the latest `FoodEntryCorrected`.
///
/// The nutrients are the food's per-100 g values when it was logged, so editing the food in
/// the library later never changes a past day.
public struct DiaryEntry: Sendable, Codable, Equatable {
    /// The entry's id, which corrections and removals name.
    public var entryID: UUID
    /// The meal it belongs to.
    public var meal: Meal
    /// The food of the library it was logged from.
    public var foodID: UUID
    /// The food's name when it was logged.
    public var foodName: String
    /// The amount eaten, in grams.
    public var amountGrams: Double
    /// The food's nutrients per 100 g when it was logged.
    public var per100g: Nutrients

    init(entryID: UUID, meal: Meal, foodID: UUID, foodName: String, amountGrams: Double, per100g: Nutrients) {
        self.entryID = entryID
        self.meal = meal
        self.foodID = foodID
        self.foodName = foodName
        self.amountGrams = amountGrams
        self.per100g = per100g
    }
}
