import AntrainEvents
import AntrainLog
import Foundation

/// UUIDs numbered densely in the order they were first seen: an ordered set whose lookups
/// cost one multiply and, as a rule, one probe.
///
/// ```swift
/// var workouts = UUIDIndex()
/// let (inserted, number) = workouts.append(workoutID)   // (true, 0) the first time
/// workouts.firstIndex(of: workoutID)                    // 0
/// workouts[0]                                           // workoutID
/// ```
///
/// Read models replay millions of events, nearly every one naming a workout, an entry or a
/// set by UUID. `OrderedSet` hashes each UUID with SipHash through the generic `Hasher`;
/// this is the numbers of ``UUIDSlots``, the project's one UUID hash table, over the UUIDs in
/// order. It encodes exactly as `OrderedSet<UUID>` does: the UUIDs in order.
struct UUIDIndex: Sendable {
    /// The UUIDs, by number.
    private(set) var elements: [UUID] = []
    private var table = UUIDSlots()

    /// An empty index.
    init() {}

    /// An index of `elements`, numbered in their order (duplicates are kept once).
    init(_ elements: some Sequence<UUID>) {
        for element in elements { append(element) }
    }

    /// How many UUIDs it holds.
    var count: Int { elements.count }
    /// Whether it holds none.
    var isEmpty: Bool { elements.isEmpty }
    /// The UUID numbered `index`.
    subscript(index: Int) -> UUID { elements[index] }

    /// The number of `element`, if it is here.
    @inline(__always)
    func firstIndex(of element: UUID) -> Int? {
        elements.withUnsafeBufferPointer { elements in table.find(element) { elements[$0] }.number }
    }

    /// Whether `element` is here.
    func contains(_ element: UUID) -> Bool { firstIndex(of: element) != nil }

    /// Adds `element` at the end unless it is here; its number either way.
    @discardableResult
    mutating func append(_ element: UUID) -> (inserted: Bool, index: Int) {
        table.reserve(count: elements.count + 1)
        let found = elements.withUnsafeBufferPointer { elements in table.find(element) { elements[$0] } }
        if let number = found.number { return (false, number) }
        table.occupy(found.slot, with: element, number: elements.count)
        elements.append(element)
        return (true, elements.count - 1)
    }

    /// Grows the table now, if `additional` more UUIDs would make it grow: before a batch of
    /// ids goes in, so that ``warm(_:into:)`` reads the slots they will land in.
    mutating func reserve(adding additional: Int) {
        table.reserve(count: elements.count + additional)
    }

    /// Reads the home slot of each of `ids` into `hints` (see ``UUIDSlots/warm(_:into:)``).
    func warm(_ ids: some Sequence<UUID>, into hints: inout [UInt64]) {
        table.warm(ids, into: &hints)
    }

    /// Grows the table for `keys` now and reads their home slots ahead (``warm(_:into:)``),
    /// before a batch adds them: for ids that come a few per batch, each a miss alone.
    /// Changes no number.
    mutating func warm(toAdd keys: some Collection<UUID>) {
        guard !keys.isEmpty else { return }
        reserve(adding: keys.count)
        var hints: [UInt64] = []
        hints.reserveCapacity(keys.count)
        warm(keys, into: &hints)
    }

    /// Removes every UUID, keeping the room.
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        table.removeAll()
    }

    /// Removes the UUIDs at `indices` (ascending or not), renumbering those after them.
    mutating func remove(atOffsets indices: some Sequence<Int>) {
        let doomed = Set(indices)
        guard !doomed.isEmpty else { return }
        let kept = elements.indices.filter { !doomed.contains($0) }.map { elements[$0] }
        self = UUIDIndex(kept)
    }

    /// Checks the table against the UUIDs (see ``UUIDSlots/_checkInvariants(count:_:)``).
    func _checkInvariants() {
        table._checkInvariants(count: elements.count) { elements[$0] }
    }
}

extension UUIDIndex: Equatable {
    static func == (lhs: UUIDIndex, rhs: UUIDIndex) -> Bool { lhs.elements == rhs.elements }
}

extension UUIDIndex: Codable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        if let count = container.count {
            elements.reserveCapacity(count)
            reserve(adding: count)
        }
        while !container.isAtEnd {
            let element = try container.decode(UUID.self)
            guard append(element).inserted else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "UUID \(element) appears twice")
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
    }
}
