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
/// this table mixes the UUID's own 128 bits with a few multiplies instead, which is safe
/// here because a UUID's bits are already spread out (and a run of sequential ones still
/// mixes well). Each slot holds 32 bits of its UUID's hash beside its number, so that with
/// hundreds of thousands of UUIDs (every set of a log), far beyond the processor's caches, a
/// probe that meets another UUID tells from the slot alone, without a second trip to memory
/// to read that UUID; and growing walks the old table in order, placing each entry from the
/// bits it holds, without hashing anything again. It encodes exactly as `OrderedSet<UUID>`
/// does: the UUIDs in order.
struct UUIDIndex: Sendable {
    /// The UUIDs, by number.
    private(set) var elements: [UUID] = []
    /// Open addressing, linear probing: 0 is empty, otherwise the top 32 bits of the hash
    /// above the number plus one. At most three quarters full.
    private var slots: [UInt64] = []
    /// log2 of the slot count: the top bits of the hash pick the home slot.
    private var bits = 0

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
        let tag = Self.tag(element)
        let mask = slots.count - 1
        var slot = Int(tag >> UInt32(32 - bits))
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if UInt32(truncatingIfNeeded: stored >> 32) == tag {
                let number = Int(UInt32(truncatingIfNeeded: stored)) - 1
                if elements[number] == element { return number }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `element` is here.
    func contains(_ element: UUID) -> Bool { firstIndex(of: element) != nil }

    /// Adds `element` at the end unless it is here; its number either way.
    @discardableResult
    mutating func append(_ element: UUID) -> (inserted: Bool, index: Int) {
        reserve(adding: 1)
        let tag = Self.tag(element)
        let mask = slots.count - 1
        var slot = Int(tag >> UInt32(32 - bits))
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if UInt32(truncatingIfNeeded: stored >> 32) == tag {
                let number = Int(UInt32(truncatingIfNeeded: stored)) - 1
                if elements[number] == element { return (false, number) }
            }
            slot = (slot + 1) & mask
        }
        elements.append(element)
        slots[slot] = UInt64(tag) << 32 | UInt64(elements.count)
        return (true, elements.count - 1)
    }

    /// Grows the table now, if `additional` more UUIDs would make it grow: before a batch of
    /// ids goes in, so that ``warm(_:into:)`` reads the slots they will land in.
    mutating func reserve(adding additional: Int) {
        while (elements.count + additional) * 4 > slots.count * 3 { grow() }
    }

    /// Reads the home slot of each of `ids` into `hints`, with no branch between the reads,
    /// so that their cache misses overlap; the values only serve to keep the reads. A replay
    /// inserting a batch's worth of random ids then finds each slot in cache, where one id at a
    /// time the processor would wait for each miss alone.
    func warm(_ ids: some Sequence<UUID>, into hints: inout [UInt64]) {
        guard bits > 0 else { return }
        let shift = UInt32(32 - bits)
        slots.withUnsafeBufferPointer { table in
            for id in ids { hints.append(table[Int(Self.tag(id) >> shift)]) }
        }
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
        for index in slots.indices { slots[index] = 0 }
    }

    /// Removes the UUIDs at `indices` (ascending or not), renumbering those after them.
    mutating func remove(atOffsets indices: some Sequence<Int>) {
        let doomed = Set(indices)
        guard !doomed.isEmpty else { return }
        let kept = elements.indices.filter { !doomed.contains($0) }.map { elements[$0] }
        self = UUIDIndex(kept)
    }

    /// Doubles the table, placing the entries from the hash bits they hold.
    private mutating func grow() {
        precondition(elements.count < Int(UInt32.max) - 1, "too many UUIDs for 32-bit numbers")
        let newBits = max(4, bits + 1)
        var grown = [UInt64](repeating: 0, count: 1 << newBits)
        let mask = grown.count - 1
        for stored in slots where stored != 0 {
            var slot = Int(UInt32(truncatingIfNeeded: stored >> 32) >> UInt32(32 - newBits))
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = stored
        }
        slots = grown
        bits = newBits
    }

    /// The top 32 bits of the UUID's 128 bits, mixed.
    @inline(__always)
    private static func tag(_ uuid: UUID) -> UInt32 {
        let words = uuid.words
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: spread >> 32)
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
