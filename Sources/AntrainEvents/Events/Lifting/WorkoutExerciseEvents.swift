import Foundation

/// An exercise was added to a workout, at a position in its order.
public struct ExerciseAddedToWorkout: DomainEvent {
    public static let eventType = "ExerciseAddedToWorkout"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// This occurrence of the exercise in the workout (one exercise may appear twice).
    public var entryID: UUID
    /// The exercise of the library.
    public var exerciseID: UUID
    /// Its position among the workout's exercises, from 1.
    public var position: Int

    /// An exercise added at `position`.
    public init(workoutID: UUID, entryID: UUID, exerciseID: UUID, position: Int) {
        self.workoutID = workoutID
        self.entryID = entryID
        self.exerciseID = exerciseID
        self.position = position
    }

    /// Where an entry added at `position` goes among `count` entries, counting from 0: 1 puts
    /// it first, and a position past either end puts it at that end. The one reading of
    /// `position`, for every model that orders a workout's entries.
    public static func index(ofPosition position: Int, among count: Int) -> Int {
        min(max(position - 1, 0), count)
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for ExerciseAddedToWorkout.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.integer(position, "position", 1...99)
    }
}

/// An exercise and its sets were taken out of a workout.
public struct ExerciseRemovedFromWorkout: DomainEvent {
    public static let eventType = "ExerciseRemovedFromWorkout"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// The occurrence removed.
    public var entryID: UUID

    /// An exercise removed from a workout.
    public init(workoutID: UUID, entryID: UUID) {
        self.workoutID = workoutID
        self.entryID = entryID
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for ExerciseRemovedFromWorkout.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}

/// The workout's exercises were put in a new order.
public struct ExercisesReordered: DomainEvent {
    public static let eventType = "ExercisesReordered"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// Every occurrence, in the new order.
    public var entryIDs: [UUID]

    /// A new order of a workout's exercises.
    public init(workoutID: UUID, entryIDs: [UUID]) {
        self.workoutID = workoutID
        self.entryIDs = entryIDs
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for ExercisesReordered.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.count(entryIDs.count, "entryIDs", 1...99, of: "exercises")
        validator.distinct(entryIDs, "entryIDs")
    }
}

/// A set was removed from a workout.
public struct SetRemoved: DomainEvent {
    public static let eventType = "SetRemoved"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// The set.
    public var setID: UUID

    /// A removed set.
    public init(workoutID: UUID, setID: UUID) {
        self.workoutID = workoutID
        self.setID = setID
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for SetRemoved.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
