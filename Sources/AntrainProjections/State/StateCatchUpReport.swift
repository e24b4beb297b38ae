import AntrainEvents
import AntrainLog

/// What a catch-up did, and where to read the answers.
public struct StateCatchUpReport: Sendable {
    /// The store holding the caught-up state: the backend's, or a copy in memory when it
    /// could not be written (``saved`` is false then).
    public var store: any MaintainedStateStore
    /// How each model started.
    public var starts: [StateStart]
    /// What was decoded and skipped.
    public var summary: ReplaySummary
    /// The log's end that every model now reflects.
    public var end: UInt64
    /// Whether the new state was saved in the log's store.
    public var saved: Bool
}

/// How a model's state was brought up to date.
public struct StateStart: Sendable, Equatable, CustomStringConvertible {
    /// How.
    public enum Kind: Sendable, Equatable {
        /// It was at the log's end already.
        case current
        /// From its stored position, folding what came after.
        case caughtUp(from: LogPosition)
        /// From the start of the log, because its stored state could not be used.
        case rebuilt(reason: String)
    }

    /// The model.
    public var name: String
    /// How.
    public var kind: Kind

    public var description: String {
        switch kind {
        case .current: return "\(name): up to date"
        case let .caughtUp(position): return "\(name): caught up from \(position)"
        case let .rebuilt(reason): return "\(name): rebuilt from the start: \(reason)"
        }
    }
}

extension ReplaySummary {
    /// Adds what another read decoded and skipped.
    mutating func merge(_ other: ReplaySummary) {
        decoded += other.decoded
        skippedUnknownTypes.merge(other.skippedUnknownTypes, uniquingKeysWith: +)
        skippedNewerVersions.merge(other.skippedNewerVersions, uniquingKeysWith: +)
    }
}
