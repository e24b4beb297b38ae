import AntrainEvents
import AntrainLog

/// Events decoded once from one or more consecutive blocks, handed to every projection in
/// one actor hop.
///
/// ```swift
/// let batch = EventBatch(events: storedEvents, end: position)   // or columns a replay decoded
/// await projection.apply(batch)
/// ```
public struct EventBatch: Sendable {
    /// The events, in log order, kept by type (see `EventColumns`). Records this build
    /// cannot decode (unknown types, newer versions) are not here; `end` still moves past them.
    public var columns: EventColumns
    /// The position after the batch's last block.
    public var end: LogPosition

    /// A batch of the events in `columns`, ending at `end`.
    public init(columns: EventColumns, end: LogPosition) {
        self.columns = columns
        self.end = end
    }

    /// A batch of `events`, in their order, ending at `end`.
    public init(events: [StoredEvent], end: LogPosition) {
        self.init(columns: EventColumns(events), end: end)
    }
}
