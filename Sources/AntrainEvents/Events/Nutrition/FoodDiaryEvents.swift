import Foundation

/// A food was eaten: an entry in one day's diary.
///
/// The entry keeps a snapshot of the food's name and nutrients, so that later changes to the
/// food leave past days as they were. Version 1 called the amount `grams`; version 2 calls it
/// `amountGrams` (see `FoodLoggedV1`).
public struct FoodLogged: DomainEvent {
    public static let eventType = "FoodLogged"
    public static let schemaVersion: UInt16 = 2

    /// The entry's own id, which corrections and removals name.
    public var entryID: UUID
    /// The day it was eaten, which is also the diary stream it belongs to.
    public var day: CalendarDay
    /// Breakfast, lunch, dinner or snack.
    public var meal: Meal
    /// The food of the library.
    public var foodID: UUID
    /// The food's name when it was logged.
    public var foodName: String
    /// The amount eaten, in grams (more than 0).
    public var amountGrams: Double
    /// The food's nutrients per 100 g when it was logged.
    public var per100g: Nutrients
    /// When it was logged.
    public var loggedAt: Timestamp

    /// `amountGrams` of a food eaten on `day`.
    public init(entryID: UUID, day: CalendarDay, meal: Meal, foodID: UUID, foodName: String, amountGrams: Double,
                per100g: Nutrients, loggedAt: Timestamp) {
        self.entryID = entryID
        self.day = day
        self.meal = meal
        self.foodID = foodID
        self.foodName = foodName
        self.amountGrams = amountGrams
        self.per100g = per100g
        self.loggedAt = loggedAt
    }

    public var streamID: String { StreamName.diary(day) }
    /// Hands the event to the visitor's `visit` for FoodLogged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(foodName, "foodName")
        validator.number(amountGrams, "amountGrams", NutritionLimits.grams)
        validator.nested(per100g, "per100g")
    }
}

/// A diary entry was corrected: its meal and amount replace the old ones in read models.
///
/// An entry stays on the day it was logged; moving food to another day is a removal and a new entry.
public struct FoodEntryCorrected: DomainEvent {
    public static let eventType = "FoodEntryCorrected"
    public static let schemaVersion: UInt16 = 2

    /// The entry corrected.
    public var entryID: UUID
    /// The entry's day, which names its diary stream.
    public var day: CalendarDay
    /// The meal, new or unchanged.
    public var meal: Meal
    /// The amount in grams, new or unchanged (more than 0).
    public var amountGrams: Double

    /// A corrected diary entry.
    public init(entryID: UUID, day: CalendarDay, meal: Meal, amountGrams: Double) {
        self.entryID = entryID
        self.day = day
        self.meal = meal
        self.amountGrams = amountGrams
    }

    public var streamID: String { StreamName.diary(day) }
    /// Hands the event to the visitor's `visit` for FoodEntryCorrected.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.number(amountGrams, "amountGrams", NutritionLimits.grams)
    }
}

/// A diary entry was removed from its day.
public struct FoodEntryRemoved: DomainEvent {
    public static let eventType = "FoodEntryRemoved"
    public static let schemaVersion: UInt16 = 1

    /// The entry removed.
    public var entryID: UUID
    /// The entry's day, which names its diary stream.
    public var day: CalendarDay

    /// A removed diary entry.
    public init(entryID: UUID, day: CalendarDay) {
        self.entryID = entryID
        self.day = day
    }

    public var streamID: String { StreamName.diary(day) }
    /// Hands the event to the visitor's `visit` for FoodEntryRemoved.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
