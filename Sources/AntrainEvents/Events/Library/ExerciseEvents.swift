import Foundation

/// An exercise was added to the library: a preset shipped with the app, or one the user made.
public struct ExerciseCreated: DomainEvent {
    public static let eventType = "ExerciseCreated"
    public static let schemaVersion: UInt16 = 1

    /// The new exercise's id (presets: `UUID.stable("preset", "exercise", slug)`).
    public var exerciseID: UUID
    /// What the exercise is.
    public var definition: ExerciseDefinition
    /// Whether it ships with the app; an edit does not change where an exercise came from.
    public var isPreset: Bool

    /// A new exercise of the library.
    public init(exerciseID: UUID, definition: ExerciseDefinition, isPreset: Bool = false) {
        self.exerciseID = exerciseID
        self.definition = definition
        self.isPreset = isPreset
    }

    public var streamID: String { StreamName.exercise(exerciseID) }
    /// Hands the event to the visitor's `visit` for ExerciseCreated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// An exercise of the library was edited: its definition is replaced in full.
public struct ExerciseUpdated: DomainEvent {
    public static let eventType = "ExerciseUpdated"
    public static let schemaVersion: UInt16 = 1

    /// The exercise.
    public var exerciseID: UUID
    /// The new definition, in full.
    public var definition: ExerciseDefinition

    /// A new definition for an exercise.
    public init(exerciseID: UUID, definition: ExerciseDefinition) {
        self.exerciseID = exerciseID
        self.definition = definition
    }

    public var streamID: String { StreamName.exercise(exerciseID) }
    /// Hands the event to the visitor's `visit` for ExerciseUpdated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// An exercise was taken out of the library; workouts that logged it keep their sets.
public struct ExerciseDeleted: DomainEvent {
    public static let eventType = "ExerciseDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The exercise.
    public var exerciseID: UUID

    /// A deleted exercise.
    public init(exerciseID: UUID) {
        self.exerciseID = exerciseID
    }

    public var streamID: String { StreamName.exercise(exerciseID) }
    /// Hands the event to the visitor's `visit` for ExerciseDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
