import Foundation

/// A food was added to the library: one the user made, or a preset shipped with the app.
public struct FoodItemCreated: DomainEvent {
    public static let eventType = "FoodItemCreated"
    public static let schemaVersion: UInt16 = 1

    /// The new food's id; presets have stable ids so that seeding twice is recognised.
    public var foodID: UUID
    /// Name, brand, nutrients, serving and category.
    public var definition: FoodDefinition
    /// Whether it is a preset shipped with the app rather than a food the user made.
    public var isPreset: Bool

    /// A food created with `definition`.
    public init(foodID: UUID, definition: FoodDefinition, isPreset: Bool = false) {
        self.foodID = foodID
        self.definition = definition
        self.isPreset = isPreset
    }

    public var streamID: String { StreamName.food(foodID) }
    /// Hands the event to the visitor's `visit` for FoodItemCreated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// A food's definition was replaced in full; diary entries keep the snapshot they were logged with.
public struct FoodItemUpdated: DomainEvent {
    public static let eventType = "FoodItemUpdated"
    public static let schemaVersion: UInt16 = 1

    /// The food.
    public var foodID: UUID
    /// The new definition, in full.
    public var definition: FoodDefinition

    /// A food updated to `definition`.
    public init(foodID: UUID, definition: FoodDefinition) {
        self.foodID = foodID
        self.definition = definition
    }

    public var streamID: String { StreamName.food(foodID) }
    /// Hands the event to the visitor's `visit` for FoodItemUpdated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// The user deleted a food: it leaves the library; diary entries that name it stay.
public struct FoodItemDeleted: DomainEvent {
    public static let eventType = "FoodItemDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The food.
    public var foodID: UUID

    /// A deleted food.
    public init(foodID: UUID) {
        self.foodID = foodID
    }

    public var streamID: String { StreamName.food(foodID) }
    /// Hands the event to the visitor's `visit` for FoodItemDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}

/// A food was marked as a favourite, or unmarked.
public struct FoodFavourited: DomainEvent {
    public static let eventType = "FoodFavourited"
    public static let schemaVersion: UInt16 = 1

    /// The food.
    public var foodID: UUID
    /// True to mark it a favourite, false to unmark it.
    public var isFavourite: Bool

    /// A food's favourite mark set to `isFavourite`.
    public init(foodID: UUID, isFavourite: Bool) {
        self.foodID = foodID
        self.isFavourite = isFavourite
    }

    public var streamID: String { StreamName.food(foodID) }
    /// Hands the event to the visitor's `visit` for FoodFavourited.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
