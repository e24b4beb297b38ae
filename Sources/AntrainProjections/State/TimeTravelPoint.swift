import AntrainEvents

/// A moment of the log's past: after a given event, or at an instant of the clock.
public enum TimeTravelPoint: Sendable, Equatable {
    /// Every event up to and including the one at this offset.
    case offset(UInt64)
    /// Every event recorded at or before this instant.
    case instant(Timestamp)
}
