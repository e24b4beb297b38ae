import Foundation

/// UUIDs numbered densely in the order they were first seen, like ``UUIDIndex``, for a set
/// that grows far beyond the processor's caches: every set id or workout entry of the log.
///
/// ```swift
/// var sets = TaggedUUIDIndex()
/// let (inserted, number) = sets.append(setID)   // (true, 0) the first time
/// sets.firstIndex(of: setID)                    // 0
/// ```
///
/// With half a million ids, each probe of a table is a trip to memory. ``UUIDIndex`` keeps
/// only numbers in its table, so a probe that meets another id must also read that id to
/// compare it (a second trip), and growing it hashes every id again in random order. Here
/// each slot also holds 32 bits of its id's hash: a probe compares those first and reads an
/// id only when they match (nearly always its own), and growing walks the old table in
/// order, placing each entry from the bits it holds, so the new table fills front to back.
/// It encodes exactly as `OrderedSet<UUID>` does: the UUIDs in order.
struct TaggedUUIDIndex: Sendable {
    /// The UUIDs, by number.
    private(set) var elements: [UUID] = []
    /// Open addressing, linear probing: 0 is empty, otherwise the top 32 bits of the hash
    /// above the number plus one. At most three quarters full.
    private var slots: [UInt64] = []
    /// log2 of the slot count: the top bits of the hash pick the home slot.
    private var bits = 0

    /// An empty index.
    init() {}

    /// How many UUIDs it holds.
    var count: Int { elements.count }
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

    /// Grows the table now, if `additional` more UUIDs would make it grow.
    mutating func reserve(adding additional: Int) {
        while (elements.count + additional) * 4 > slots.count * 3 { grow() }
    }

    /// Reads the home slot of each of `ids` into `hints`, with no branch between the reads,
    /// so that their cache misses overlap instead of each waiting alone; the values only
    /// serve to keep the reads. Call ``reserve(adding:)`` first, so that no insert moves them.
    func warm(_ ids: [UUID], into hints: inout [UInt64]) {
        guard bits > 0 else { return }
        let shift = UInt32(32 - bits)
        slots.withUnsafeBufferPointer { table in
            for id in ids { hints.append(table[Int(Self.tag(id) >> shift)]) }
        }
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

    /// The top 32 bits of the UUID's hash: its 128 bits mixed as ``UUIDIndex`` mixes them.
    @inline(__always)
    private static func tag(_ uuid: UUID) -> UInt32 {
        let words = withUnsafeBytes(of: uuid.uuid) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: spread >> 32)
    }
}

extension TaggedUUIDIndex: Equatable {
    static func == (lhs: TaggedUUIDIndex, rhs: TaggedUUIDIndex) -> Bool { lhs.elements == rhs.elements }
}

extension TaggedUUIDIndex: Codable {
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
