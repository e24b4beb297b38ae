import AntrainEvents

/// Events decoded once from one or more consecutive blocks, handed to every projection in
/// one actor hop.
public struct EventBatch: Sendable {
    /// The events, in log order. Records this build cannot decode (unknown types, newer
    /// versions) are not here; `end` still moves past them.
    public var events: [StoredEvent]
    /// The position after the batch's last block.
    public var end: LogPosition

    /// A batch of events ending at `end`.
    public init(events: [StoredEvent], end: LogPosition) {
        self.events = events
        self.end = end
    }
}
