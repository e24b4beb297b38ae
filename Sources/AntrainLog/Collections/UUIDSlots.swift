import Foundation

/// The one hash table core for UUIDs: open addressing with linear probing from UUIDs to the
/// dense numbers (array indices) of the collection built on it, which keeps the UUIDs.
///
/// ```swift
/// var slots = UUIDSlots()
/// var ids: [UUID] = []
/// slots.reserve(count: ids.count + 1)
/// let found = slots.find(id) { ids[$0] }
/// if found.number == nil { slots.occupy(found.slot, with: id, number: ids.count); ids.append(id) }
/// ```
///
/// Built on it: ``UUIDIndex`` (an ordered set, the read models' numbering of workouts and
/// exercises, `UUIDMap`) and ``EventIDTable`` (the writer's ids). The table never holds a
/// UUID itself: a slot holds 32 bits of its UUID's hash above the number plus one (0: empty),
/// so a probe that meets another UUID tells from the slot alone, without a trip to memory to
/// read that UUID, and growing places each entry from the bits it holds, hashing nothing
/// again. UUID bits are already spread out, so a few multiplies mix them where `Hasher` would
/// run SipHash. Removal shifts later entries of the probe run back (no tombstones). At most
/// three quarters full.
package struct UUIDSlots: Sendable {
    private var slots: [UInt64] = []
    /// log2 of the slot count: the top bits of the hash pick the home slot.
    private var bits = 0
    /// How many slots are occupied.
    package private(set) var count = 0

    /// An empty table.
    package init() {}

    /// Where `id` is: its slot and number when it is held, else the empty slot it would take.
    /// `element` gives the UUID of a number. Needs room for one more (see ``reserve(count:)``)
    /// when the answer is used to ``occupy(_:with:number:)``.
    @inline(__always)
    package func find(_ id: UUID, _ element: (Int) -> UUID) -> (slot: Int, number: Int?) {
        guard !slots.isEmpty else { return (-1, nil) }
        let tag = Self.tag(id)
        let mask = slots.count - 1
        var slot = Int(tag >> UInt32(32 - bits))
        while true {
            let stored = slots[slot]
            if stored == 0 { return (slot, nil) }
            if UInt32(truncatingIfNeeded: stored >> 32) == tag {
                let number = Int(UInt32(truncatingIfNeeded: stored)) - 1
                if element(number) == id { return (slot, number) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Puts `id` under `number` into `slot`, the empty slot ``find(_:_:)`` gave for it.
    @inline(__always)
    package mutating func occupy(_ slot: Int, with id: UUID, number: Int) {
        slots[slot] = UInt64(Self.tag(id)) << 32 | UInt64(number + 1)
        count += 1
    }

    /// Gives the UUID in `slot` (from ``find(_:_:)``) a new number, when its entry moved.
    package mutating func renumber(_ slot: Int, to number: Int) {
        slots[slot] = slots[slot] & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
    }

    /// Empties `slot` (from ``find(_:_:)``), moving later entries of its probe run back into
    /// the hole where their home slot allows, so that every entry stays reachable.
    package mutating func remove(at slot: Int) {
        let mask = slots.count - 1
        var hole = slot
        var next = (hole + 1) & mask
        while slots[next] != 0 {
            let home = home(of: slots[next])
            if (next - home) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = 0
        count -= 1
    }

    /// Grows the table now if holding `count` entries would make it grow.
    package mutating func reserve(count wanted: Int) {
        precondition(wanted < Int(UInt32.max) - 1, "too many UUIDs for 32-bit numbers")
        while wanted * 4 > slots.count * 3 { grow() }
    }

    /// Empties the table, keeping its room.
    package mutating func removeAll() {
        for index in slots.indices { slots[index] = 0 }
        count = 0
    }

    /// Lowers every number by `dropped`: the collection removed that many entries from its
    /// front (their slots emptied first) and moved the rest down.
    package mutating func lowerNumbers(by dropped: Int) {
        guard dropped > 0 else { return }
        for index in slots.indices where slots[index] != 0 { slots[index] -= UInt64(dropped) }
    }

    /// Reads the home slot of each of `ids` into `hints`, with no branch between the reads, so
    /// that their cache misses overlap; the values only serve to keep the reads. A replay
    /// inserting a batch's worth of random ids then finds each slot in cache.
    package func warm(_ ids: some Sequence<UUID>, into hints: inout [UInt64]) {
        guard bits > 0 else { return }
        let shift = UInt32(32 - bits)
        slots.withUnsafeBufferPointer { table in
            for id in ids { hints.append(table[Int(Self.tag(id) >> shift)]) }
        }
    }

    /// Checks the table against the collection's `count` UUIDs (`element` gives each by
    /// number): each is found under its own number, no slot is left over, the load stays at
    /// most three quarters and no probe run passes an empty slot before its entry. For tests:
    /// it reads every slot.
    package func _checkInvariants(count elements: Int, _ element: (Int) -> UUID) {
        precondition(count == elements, "\(count) slots occupied for \(elements) UUIDs")
        precondition(count * 4 <= slots.count * 3, "\(count) entries in \(slots.count) slots: over three quarters full")
        precondition(slots.filter { $0 != 0 }.count == count, "the count of occupied slots is off")
        for number in 0..<elements {
            let found = find(element(number), element)
            precondition(found.number == number, "UUID \(number) is found as \(String(describing: found.number))")
        }
    }

    /// Doubles the table, placing the entries from the hash bits they hold.
    private mutating func grow() {
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

    /// The home slot of a stored entry.
    @inline(__always)
    private func home(of stored: UInt64) -> Int {
        Int(UInt32(truncatingIfNeeded: stored >> 32) >> UInt32(32 - bits))
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
