import Foundation

/// The user started following a program; any program active before is no longer.
///
/// On the one stream ``StreamName/activeProgram``, so that activations and deactivations
/// have one order and an expected-version check guards against two devices racing.
public struct ProgramActivated: DomainEvent {
    public static let eventType = "ProgramActivated"
    public static let schemaVersion: UInt16 = 1

    /// The program.
    public var programID: UUID
    /// The day of its week 1, day 1: the program's weeks are counted from it.
    public var startDate: CalendarDay

    /// A program activated from `startDate`.
    public init(programID: UUID, startDate: CalendarDay) {
        self.programID = programID
        self.startDate = startDate
    }

    public var streamID: String { StreamName.activeProgram }
    /// Hands the event to the visitor's `visit` for ProgramActivated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}

/// The user stopped following a program before or after its end.
public struct ProgramDeactivated: DomainEvent {
    public static let eventType = "ProgramDeactivated"
    public static let schemaVersion: UInt16 = 1

    /// The program.
    public var programID: UUID
    /// When it was stopped.
    public var deactivatedAt: Timestamp

    /// A program deactivated at `deactivatedAt`.
    public init(programID: UUID, deactivatedAt: Timestamp) {
        self.programID = programID
        self.deactivatedAt = deactivatedAt
    }

    public var streamID: String { StreamName.activeProgram }
    /// Hands the event to the visitor's `visit` for ProgramDeactivated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
