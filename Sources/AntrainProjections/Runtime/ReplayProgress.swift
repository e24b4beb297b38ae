import AntrainEvents

/// Where a replay stands, for progress bars.
public struct ReplayProgress: Sendable, Equatable {
    /// Offset reached.
    public var offset: UInt64
    /// Offset the replay started from.
    public var startOffset: UInt64
    /// The log's end when the replay started.
    public var endOffset: UInt64
    /// Events decoded so far.
    public var events: Int

    /// The share done, from 0 to 1.
    public var fraction: Double {
        endOffset > startOffset ? Double(offset - startOffset) / Double(endOffset - startOffset) : 1
    }
}
