import Foundation

/// A workout began: a live lifting session, or the start of a cardio or metcon session.
public struct WorkoutStarted: DomainEvent {
    public static let eventType = "WorkoutStarted"
    public static let schemaVersion: UInt16 = 2

    /// The new workout's id.
    public var workoutID: UUID
    /// Lifting, cardio or metcon.
    public var type: WorkoutType
    /// An optional name ("Push day"), 1 to 100 characters after trimming.
    public var name: String?
    /// The template it was started from, if any.
    public var templateID: UUID?
    /// The program day it was started from, if any.
    public var programDay: ProgramDayReference?
    /// When it started.
    public var startedAt: Timestamp
    /// The IANA time zone the athlete trained in ("Europe/Berlin"), which decides the
    /// calendar day a workout counts for. Added in version 2; older workouts read as "UTC".
    public var timeZone: String

    /// A workout started at `startedAt`.
    public init(workoutID: UUID, type: WorkoutType, name: String? = nil, templateID: UUID? = nil,
                programDay: ProgramDayReference? = nil, startedAt: Timestamp, timeZone: String = "UTC") {
        self.workoutID = workoutID
        self.type = type
        self.name = name
        self.templateID = templateID
        self.programDay = programDay
        self.startedAt = startedAt
        self.timeZone = timeZone
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutStarted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name")
        if let programDay { validator.nested(programDay, "programDay") }
        validator.timeZone(timeZone, "timeZone")
    }
}

/// The workout's notes were replaced (an empty text clears them).
public struct WorkoutNotesChanged: DomainEvent {
    public static let eventType = "WorkoutNotesChanged"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// The new notes, at most 500 characters.
    public var notes: String

    /// New notes for a workout.
    public init(workoutID: UUID, notes: String) {
        self.workoutID = workoutID
        self.notes = notes
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutNotesChanged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.text(notes, "notes", maxLength: LiftingLimits.workoutNotes)
    }
}

/// How hard the whole workout felt, on the RPE scale of 1 to 10.
public struct WorkoutRPERecorded: DomainEvent {
    public static let eventType = "WorkoutRPERecorded"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// Rate of perceived exertion, 1 to 10 (halves allowed).
    public var rpe: Double

    /// An RPE for a workout.
    public init(workoutID: UUID, rpe: Double) {
        self.workoutID = workoutID
        self.rpe = rpe
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutRPERecorded.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.number(rpe, "rpe", LiftingLimits.rpe)
    }
}

/// The workout was finished.
public struct WorkoutCompleted: DomainEvent {
    public static let eventType = "WorkoutCompleted"
    public static let schemaVersion: UInt16 = 1
    /// The longest a workout may last, in seconds: a day (`durationSeconds` is above 0 and at most this).
    public static let longestDurationSeconds: Double = 86_400

    /// The workout.
    public var workoutID: UUID
    /// When it ended.
    public var endedAt: Timestamp
    /// How long it lasted, in seconds (pauses excluded, so not always end minus start).
    public var durationSeconds: Double

    /// A workout completed at `endedAt`.
    public init(workoutID: UUID, endedAt: Timestamp, durationSeconds: Double) {
        self.workoutID = workoutID
        self.endedAt = endedAt
        self.durationSeconds = durationSeconds
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutCompleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.number(durationSeconds, "durationSeconds", LiftingLimits.durationSeconds)
    }
}

/// The workout was abandoned before completion; its sets stay in history as cancelled.
public struct WorkoutCancelled: DomainEvent {
    public static let eventType = "WorkoutCancelled"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID
    /// When it was cancelled.
    public var cancelledAt: Timestamp

    /// A workout cancelled at `cancelledAt`.
    public init(workoutID: UUID, cancelledAt: Timestamp) {
        self.workoutID = workoutID
        self.cancelledAt = cancelledAt
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutCancelled.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}

/// The user deleted the workout: read models drop it; the log keeps every event of it.
public struct WorkoutDeleted: DomainEvent {
    public static let eventType = "WorkoutDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The workout.
    public var workoutID: UUID

    /// A deleted workout.
    public init(workoutID: UUID) {
        self.workoutID = workoutID
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for WorkoutDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
