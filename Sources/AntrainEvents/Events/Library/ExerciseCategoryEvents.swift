import Foundation

/// The user made a category of their own ("Push", "Mobility") to group exercises beyond the
/// built-in ``ExerciseCategory``; exercises join it through ``ExerciseDefinition/categoryIDs``.
public struct ExerciseCategoryCreated: DomainEvent {
    public static let eventType = "ExerciseCategoryCreated"
    public static let schemaVersion: UInt16 = 1

    /// The new category's id.
    public var categoryID: UUID
    /// Its name, 1 to 100 characters after trimming.
    public var name: String

    /// A new category.
    public init(categoryID: UUID, name: String) {
        self.categoryID = categoryID
        self.name = name
    }

    public var streamID: String { StreamName.category(categoryID) }
    /// Hands the event to the visitor's `visit` for ExerciseCategoryCreated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name", maxLength: LibraryLimits.name)
    }
}

/// A category was given a new name.
public struct ExerciseCategoryRenamed: DomainEvent {
    public static let eventType = "ExerciseCategoryRenamed"
    public static let schemaVersion: UInt16 = 1

    /// The category.
    public var categoryID: UUID
    /// The new name, 1 to 100 characters after trimming.
    public var name: String

    /// A new name for a category.
    public init(categoryID: UUID, name: String) {
        self.categoryID = categoryID
        self.name = name
    }

    public var streamID: String { StreamName.category(categoryID) }
    /// Hands the event to the visitor's `visit` for ExerciseCategoryRenamed.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name", maxLength: LibraryLimits.name)
    }
}

/// A category was deleted; its exercises stay in the library.
public struct ExerciseCategoryDeleted: DomainEvent {
    public static let eventType = "ExerciseCategoryDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The category.
    public var categoryID: UUID

    /// A deleted category.
    public init(categoryID: UUID) {
        self.categoryID = categoryID
    }

    public var streamID: String { StreamName.category(categoryID) }
    /// Hands the event to the visitor's `visit` for ExerciseCategoryDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
