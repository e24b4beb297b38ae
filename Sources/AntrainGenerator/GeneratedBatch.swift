import AntrainEvents
import AntrainLog
import Foundation

/// Events of one stream that the generator hands over together, as one append: a whole
/// workout when the athlete's phone syncs it, a day of food diaries, a library item.
public struct GeneratedBatch: Sendable {
    /// The stream every event of the batch belongs to.
    public var stream: String
    /// What the append expects of the stream: `.noStream` for a new workout or library
    /// item, `.any` for the streams athletes share (diaries, bodyweight, profile...).
    public var expectedVersion: ExpectedVersion
    /// The events, in stream order, each with its id and `recordedAt` set.
    public var events: [NewEvent]
    /// When the batch reached the log: every event's `recordedAt`.
    public var time: Timestamp
}
