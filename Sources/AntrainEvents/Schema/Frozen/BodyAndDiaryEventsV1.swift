import Foundation

// Schema version 1 of the bodyweight and food diary events, frozen. Never edit them;
// upcasters in AntrainMigrationPlan read them.

/// Version 1 of ``BodyweightRecorded``: the weight was a plain number of kilograms.
struct BodyweightRecordedV1: FrozenEvent, Hashable {
    static let eventType = "BodyweightRecorded"
    static let schemaVersion: UInt16 = 1
    var entryID: UUID
    var weightKg: Double
    var recordedAt: Timestamp
    var notes: String?
}

/// Version 2 of ``BodyweightRecorded``: no time zone; its day was the UTC one.
struct BodyweightRecordedV2: FrozenEvent, Hashable {
    static let eventType = "BodyweightRecorded"
    static let schemaVersion: UInt16 = 2
    var entryID: UUID
    var weight: Mass
    var recordedAt: Timestamp
    var notes: String?
}

/// Version 1 of ``FoodLogged``: the amount was called `grams`.
struct FoodLoggedV1: FrozenEvent, Hashable {
    static let eventType = "FoodLogged"
    static let schemaVersion: UInt16 = 1
    var entryID: UUID
    var day: CalendarDay
    var meal: Meal
    var foodID: UUID
    var foodName: String
    var grams: Double
    var per100g: Nutrients
    var loggedAt: Timestamp
}

/// Version 1 of ``FoodEntryCorrected``: the amount was called `grams`.
struct FoodEntryCorrectedV1: FrozenEvent, Hashable {
    static let eventType = "FoodEntryCorrected"
    static let schemaVersion: UInt16 = 1
    var entryID: UUID
    var day: CalendarDay
    var meal: Meal
    var grams: Double
}
