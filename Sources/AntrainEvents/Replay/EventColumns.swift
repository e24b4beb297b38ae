import Foundation

/// Decoded events kept by type, one array per event type, with their order and metadata:
/// how a replay hands a batch to read models without an existential box per event.
///
/// ```swift
/// var columns = EventColumns()
/// columns.append(SetLogged(...), metadata)          // or a replay decodes straight into it
/// for index in 0..<columns.count {
///     columns.visit(at: index, with: &model)        // model.visit(_: SetLogged, _:) and so on
/// }
/// ```
///
/// An `any DomainEvent` bigger than three words, as most events are, lives in a box on the
/// heap: a replay of millions of events allocated, reference-counted and freed one box per
/// event, and every visit opened one. Here each event is a plain value in its type's array
/// (``EventColumnStorage``); ``kinds`` and ``rows`` say, event by event in log order, which
/// array and where, and ``visit(at:with:)`` is a switch on the kind. A batch's columns are
/// emptied and filled again (``removeAll()``), so their room is reused from batch to batch.
///
/// A kind's number is the place of its type in ``EventVisitor``'s list of methods (see
/// ``types``); it lives only in memory, never on disk.
public struct EventColumns: Sendable {
    /// Each event's kind: the index of its type in ``types``.
    public internal(set) var kinds: [UInt8] = []
    /// Each event's row in its type's column.
    public internal(set) var rows: [UInt32] = []
    /// Each event's metadata.
    public internal(set) var metadata: [EventMetadata] = []
    /// The columns themselves.
    public internal(set) var storage = EventColumnStorage()

    /// No events.
    public init() {}

    /// The events of `stored`, in their order.
    public init(_ stored: some Sequence<StoredEvent>) {
        for event in stored { append(event.event, event.metadata) }
    }

    /// How many events there are.
    @inlinable
    public var count: Int { kinds.count }

    /// Whether there are none.
    public var isEmpty: Bool { kinds.isEmpty }

    /// Appends `event` with its metadata.
    public mutating func append(_ event: any DomainEvent, _ metadata: EventMetadata) {
        event.accept(&self, metadata)
    }

    /// Reserves room for `count` events in the order and metadata (the columns grow by type).
    public mutating func reserveCapacity(_ count: Int) {
        kinds.reserveCapacity(count)
        rows.reserveCapacity(count)
        metadata.reserveCapacity(count)
    }

    /// Removes every event, keeping the room of every array.
    public mutating func removeAll() {
        kinds.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        metadata.removeAll(keepingCapacity: true)
        removeAllColumns()
    }

    /// The event at `index` with its metadata, as a stored event.
    public func storedEvent(at index: Int) -> StoredEvent {
        StoredEvent(metadata: metadata[index], event: event(at: index))
    }

    /// Records the kind, row and metadata of an event going into its column (taking the
    /// metadata over, so that a decoder hands its stream id on without a retain and release).
    @inline(__always)
    mutating func note(_ kind: UInt8, _ row: Int, _ stored: consuming EventMetadata) {
        kinds.append(kind)
        rows.append(UInt32(truncatingIfNeeded: row))
        metadata.append(stored)
    }
}
