import Foundation

/// UUIDs numbered densely in first-seen order, like ``UUIDIndex``, for ids that arrive in
/// bulk: the home slots of a whole batch can be read ahead (``warm(_:into:)``) before any
/// of them is inserted.
///
/// ```swift
/// var sets = BulkUUIDIndex()
/// sets.reserve(adding: batch.count)      // no growth while the batch goes in
/// sets.warm(batch, into: &scratch)       // every home slot read, the misses overlapping
/// for id in batch { sets.append(id) }    // each insert now finds its slot in cache
/// ```
///
/// A replay inserts hundreds of thousands of random ids, and each lands in a part of the
/// table no recent event touched: a cache miss. One event at a time, the CPU waits for each
/// alone; read ahead with nothing depending on the answers, the misses overlap. Each slot
/// also keeps 32 bits of its id's hash, so a probe compares ids only when those match (not
/// for nearly every occupied slot, a second miss), and growing sweeps the old table in
/// order instead of rehashing the ids. It encodes exactly as ``UUIDIndex`` does.
struct BulkUUIDIndex: Sendable {
    /// The UUIDs, by number.
    private(set) var elements: [UUID] = []
    /// Linear probing, never more than half full: 0 is empty, otherwise the top 32 bits of
    /// the hash, shifted up, or'ed with the number plus one. The home slot is the hash's top
    /// `bits` bits, so it can be read off a stored slot when the table grows.
    private var slots: [UInt64] = []
    /// log2 of the slot count (0 before the first insert).
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
        guard bits > 0 else { return nil }
        let hash = Self.hash(element)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let number = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                if elements[number] == element { return number }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `element` at the end unless it is here; its number either way.
    @discardableResult
    mutating func append(_ element: UUID) -> (inserted: Bool, index: Int) {
        reserve(adding: 1)
        let hash = Self.hash(element)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let number = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                if elements[number] == element { return (false, number) }
            }
            slot = (slot + 1) & mask
        }
        elements.append(element)
        slots[slot] = tag | UInt64(elements.count)
        return (true, elements.count - 1)
    }

    /// Grows the table now, if `additional` more UUIDs would make it grow.
    mutating func reserve(adding additional: Int) {
        while (elements.count + additional) * 2 > slots.count { grow() }
    }

    /// Reads the home slot of each of `ids` into `hints`, with no branch between the reads so
    /// that their cache misses overlap; the values only serve to keep the reads.
    func warm(_ ids: some Sequence<UUID>, into hints: inout [UInt64]) {
        guard bits > 0 else { return }
        let shift = UInt64(64 - bits)
        slots.withUnsafeBufferPointer { table in
            for id in ids { hints.append(table[Int(truncatingIfNeeded: Self.hash(id) >> shift)]) }
        }
    }

    /// Doubles the table, moving the stored slots in table order: their new home slots come
    /// in nearly the same order, so the writes sweep the new table rather than scatter.
    private mutating func grow() {
        let old = slots
        bits = max(4, bits + 1)
        slots = Array(repeating: 0, count: 1 << bits)
        let mask = slots.count - 1
        for stored in old where stored != 0 {
            var slot = Int(truncatingIfNeeded: stored >> UInt64(64 - bits))
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// The UUID's 128 bits mixed with two multiplies (its bits are random already).
    @inline(__always)
    private static func hash(_ uuid: UUID) -> UInt64 {
        let (high, low) = withUnsafeBytes(of: uuid.uuid) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        let mixed = (high &* 0x9E37_79B9_7F4A_7C15) ^ (low &* 0xC2B2_AE3D_27D4_EB4F)
        return (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
    }
}

extension BulkUUIDIndex: Equatable {
    static func == (lhs: BulkUUIDIndex, rhs: BulkUUIDIndex) -> Bool { lhs.elements == rhs.elements }
}

extension BulkUUIDIndex: Codable {
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
