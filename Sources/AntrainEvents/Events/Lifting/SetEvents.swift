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
    /// 3: `doneAt` was added (see `SetCorrectedV2`).
    public static let schemaVersion: UInt16 = 3

    /// The workout.
    public var workoutID: UUID
    /// The set corrected.
    public var setID: UUID
    /// The corrected performance, in full.
    public var performance: SetPerformance
    /// When a set planned and not done was done, if this correction marks it done: the time
    /// the set carries from then on (a record it sets is dated by it), where a planned set
    /// carried its plan's time, the workout's start. Nil keeps the set's time.
    public var doneAt: Timestamp?

    /// A corrected set; `doneAt` when it marks a planned set done.
    public init(workoutID: UUID, setID: UUID, performance: SetPerformance, doneAt: Timestamp? = nil) {
        self.workoutID = workoutID
        self.setID = setID
        self.performance = performance
        self.doneAt = doneAt
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for SetCorrected.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(performance, "performance")
    }
}
