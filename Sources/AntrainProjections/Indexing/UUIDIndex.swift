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
/// this table mixes the UUID's own 128 bits with two multiplies instead, which is safe here
/// because a UUID's bits are already spread out (and a run of sequential ones still mixes
/// well). It encodes exactly as `OrderedSet<UUID>` does: the UUIDs in order.
struct UUIDIndex: Sendable {
    /// The UUIDs, by number.
    private(set) var elements: [UUID] = []
    /// Open addressing, linear probing: 0 is empty, n is element n - 1. Never more than half
    /// full, so probe runs stay short.
    private var slots: [Int32] = []
    /// 64 minus log2 of the slot count: the top bits of the mixed hash pick the slot.
    private var shift = 64

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
        guard !slots.isEmpty else { return nil }
        let words = Self.words(element)
        let mask = slots.count - 1
        var slot = Self.slot(words, shift)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if Self.words(elements[stored - 1]) == words { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `element` is here.
    func contains(_ element: UUID) -> Bool { firstIndex(of: element) != nil }

    /// Adds `element` at the end unless it is here; its number either way.
    @discardableResult
    mutating func append(_ element: UUID) -> (inserted: Bool, index: Int) {
        if (elements.count + 1) * 2 > slots.count { grow() }
        let words = Self.words(element)
        let mask = slots.count - 1
        var slot = Self.slot(words, shift)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if Self.words(elements[stored - 1]) == words { return (false, stored - 1) }
            slot = (slot + 1) & mask
        }
        elements.append(element)
        slots[slot] = Int32(elements.count)
        return (true, elements.count - 1)
    }

    /// Removes every UUID, keeping the room.
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
    }

    /// Removes the UUIDs at `indices` (ascending or not), renumbering those after them.
    mutating func remove(atOffsets indices: some Sequence<Int>) {
        let doomed = Set(indices)
        guard !doomed.isEmpty else { return }
        let kept = elements.indices.filter { !doomed.contains($0) }.map { elements[$0] }
        self = UUIDIndex(kept)
    }

    private mutating func grow() {
        let capacity = max(16, slots.count * 2)
        shift = 64 - capacity.trailingZeroBitCount
        slots = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for (number, element) in elements.enumerated() {
            var slot = Self.slot(Self.words(element), shift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    @inline(__always)
    private static func words(_ uuid: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: uuid.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }

    @inline(__always)
    private static func slot(_ words: (UInt64, UInt64), _ shift: Int) -> Int {
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: spread >> UInt64(shift))
    }
}

extension UUIDIndex: Equatable {
    static func == (lhs: UUIDIndex, rhs: UUIDIndex) -> Bool { lhs.elements == rhs.elements }
}

extension UUIDIndex: Codable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        if let count = container.count { elements.reserveCapacity(count) }
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
