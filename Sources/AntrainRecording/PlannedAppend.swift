import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation

/// The events a command turns into, the stream they go to, and the version of that stream
/// the decision was made against.
public struct PlannedAppend: Sendable {
    /// The events, in order, all of one stream.
    public var events: [any DomainEvent]
    /// Their stream.
    public var stream: String
    /// The stream's version the rules saw: the append fails if another writer moved it.
    public var expectedVersion: ExpectedVersion
}
