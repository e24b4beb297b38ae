import AntrainEvents

/// How a projection started: from its checkpoint, from nothing, or rebuilt, with the reason.
public struct ProjectionStart: Sendable, Equatable, CustomStringConvertible {
    /// How it started.
    public enum Kind: Sendable, Equatable {
        /// From a valid checkpoint at this position.
        case restored(LogPosition)
        /// From the start of the log: there was no checkpoint.
        case fresh
        /// From the start of the log, because the checkpoint could not be used.
        case rebuilt(reason: String)
    }

    /// The projection.
    public var name: String
    /// How it started.
    public var kind: Kind

    public var description: String {
        switch kind {
        case let .restored(position): return "\(name): restored from its checkpoint at \(position)"
        case .fresh: return "\(name): built from the start (no checkpoint yet)"
        case let .rebuilt(reason): return "\(name): rebuilt from the start: \(reason)"
        }
    }
}

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

/// What a catch-up did.
public struct CatchUpReport: Sendable {
    /// How each projection started in this runner (restored, fresh or rebuilt).
    public var starts: [ProjectionStart]
    /// What was decoded and skipped.
    public var summary: ReplaySummary
    /// Each projection's offset after it, by name.
    public var end: [String: UInt64]
    /// Projections whose checkpoints were written.
    public var savedCheckpoints: [String]
}
