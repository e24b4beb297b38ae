import Foundation

/// A set was logged for an exercise of a workout.
public struct SetLogged: DomainEvent {
    public static let eventType = "SetLogged"
    public static let schemaVersion: UInt16 = 2

    /// The workout.
    public var workoutID: UUID
    /// The exercise occurrence the set belongs to.
    public var entryID: UUID
    /// The set's own id, which corrections and removals name.
    public var setID: UUID
    /// What was done.
    public var performance: SetPerformance
    /// When it was logged.
    public var loggedAt: Timestamp

    /// A logged set.
    public init(workoutID: UUID, entryID: UUID, setID: UUID, performance: SetPerformance, loggedAt: Timestamp) {
        self.workoutID = workoutID
        self.entryID = entryID
        self.setID = setID
        self.performance = performance
        self.loggedAt = loggedAt
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for SetLogged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(performance, "performance")
    }
}

/// A logged set was corrected: the new performance replaces the old one in read models, and
/// the original event stays in the log.
public struct SetCorrected: DomainEvent {
    public static let eventType = "SetCorrected"
    public static let schemaVersion: UInt16 = 2

    /// The workout.
    public var workoutID: UUID
    /// The set corrected.
    public var setID: UUID
    /// The corrected performance, in full.
    public var performance: SetPerformance

    /// A corrected set.
    public init(workoutID: UUID, setID: UUID, performance: SetPerformance) {
        self.workoutID = workoutID
        self.setID = setID
        self.performance = performance
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for SetCorrected.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(performance, "performance")
    }
}
