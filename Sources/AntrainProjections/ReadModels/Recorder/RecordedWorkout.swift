import AntrainEvents
import Foundation

/// A workout as the command rules see it: its type, where it stands, and the offsets of its
/// first and last events, kept by `RecorderProjection` under the workout's id.
///
/// The offsets bound the workout's events in the log: the sets of a workout that ended are
/// read back from that range when a rule needs them (``RecorderFacts/contents(of:)``), so that
/// the state keeps sets only while a workout is active.
public struct RecordedWorkout: KeyedValue, Equatable {
    /// What its keyspace keeps it under (public, as every witness of a public type's
    /// ``KeyedValue`` conformance is).
    public typealias Key = UUID

    /// Where a workout stands, as the rules see it.
    public enum Status: String, Sendable, CaseIterable {
        /// Started, not yet ended.
        case active
        /// Completed.
        case completed
        /// Cancelled.
        case cancelled
        /// Deleted by the user.
        case deleted
        /// A cardio or metcon quick log, done in one event.
        case logged
    }

    /// Lifting, cardio or metcon.
    public var type: WorkoutType
    /// Where it stands.
    public var status: Status
    /// The offset of the event that first made it (its start, or its quick log).
    public var firstOffset: UInt64
    /// The offset of its latest event.
    public var lastOffset: UInt64

    /// A workout from its parts.
    public init(type: WorkoutType, status: Status, firstOffset: UInt64, lastOffset: UInt64) {
        self.type = type
        self.status = status
        self.firstOffset = firstOffset
        self.lastOffset = lastOffset
    }

    /// Type and status as one-byte codes, then the first offset and the distance to the last
    /// (small: a workout's events lie close together).
    public func encode(into writer: inout StateValueWriter) {
        writer.code(type)
        writer.code(status)
        writer.varint(firstOffset)
        writer.varint(lastOffset &- firstOffset)
    }

    /// Reads the stored form ``encode(into:)`` writes.
    public init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        type = try cursor.code(WorkoutType.self)
        status = try cursor.code(Status.self)
        firstOffset = try cursor.varint()
        let span = try cursor.varint()
        guard span <= UInt64.max - firstOffset else { throw BinaryCursor.Failure() }
        lastOffset = firstOffset + span
    }

    /// `type`, `status`, `first_offset`, `last_offset`.
    public var columns: [StateColumnValue] {
        [.text(type.rawValue), .text(status.rawValue), .integer(Int64(firstOffset)), .integer(Int64(lastOffset))]
    }
}

/// The id of the workout started and not yet ended: the value of ``RecorderProjection``'s one
/// `active` key.
struct ActiveWorkout: KeyedValue {
    typealias Key = NameKey

    /// The workout's id.
    var id: UUID

    init(id: UUID) { self.id = id }

    func encode(into writer: inout StateValueWriter) { writer.uuid(id) }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) { id = try cursor.uuid() }

    /// `workout_id`, as the id's 16 bytes.
    var columns: [StateColumnValue] { [.blob(id.keyBytes)] }
}
