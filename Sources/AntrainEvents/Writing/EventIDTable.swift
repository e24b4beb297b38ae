import Foundation

/// Where each event id is stored: an open-addressing hash table from UUID to offset.
///
/// The writer looks up every appended id (to make retries safe) and keeps millions of them,
/// so this replaces `Dictionary<UUID, UInt64>`: UUIDs are already well-mixed bits, so a
/// cheap multiply-xorshift of them replaces SipHash, and growing rehashes flat arrays of
/// integers. Each slot is three adjacent words (key halves and offset), so a probe touches
/// one cache line. Linear probing at most half full; removal (only to undo a failed block)
/// shifts later entries back instead of leaving tombstones.
struct EventIDTable {
    /// Three words per slot: the UUID's halves and the offset. (0, 0) marks an empty slot, so
    /// the nil UUID (all zero bits) is kept on the side.
    private var slots: [UInt64]
    private var mask: Int
    private var nilUUIDOffset: UInt64?
    private(set) var count = 0

    /// A table sized for `capacity` ids without growing.
    init(capacity: Int = 1024) {
        var slots = 16
        while slots < capacity * 2 { slots <<= 1 }
        self.slots = [UInt64](repeating: 0, count: slots * 3)
        mask = slots - 1
    }

    private static func halves(_ id: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: id.uuid) { ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }

    private func slot(_ high: UInt64, _ low: UInt64) -> Int {
        var hash = high ^ (low &* 0x9E37_79B9_7F4A_7C15)
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The offset stored for `id`; setting nil removes it.
    subscript(id: UUID) -> UInt64? {
        get {
            let (high, low) = Self.halves(id)
            if high == 0 && low == 0 { return nilUUIDOffset }
            var index = slot(high, low)
            while true {
                let storedHigh = slots[3 * index], storedLow = slots[3 * index + 1]
                if storedHigh == high && storedLow == low { return slots[3 * index + 2] }
                if storedHigh == 0 && storedLow == 0 { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            let (high, low) = Self.halves(id)
            if high == 0 && low == 0 {
                if (nilUUIDOffset == nil) != (newValue == nil) { count += newValue == nil ? -1 : 1 }
                nilUUIDOffset = newValue
                return
            }
            if let newValue { insert(high, low, newValue) } else { remove(high, low) }
        }
    }

    private mutating func insert(_ high: UInt64, _ low: UInt64, _ value: UInt64) {
        if (count + 1) * 2 > slots.count / 3 { grow() }
        var index = slot(high, low)
        while true {
            let storedHigh = slots[3 * index], storedLow = slots[3 * index + 1]
            if storedHigh == high && storedLow == low {
                slots[3 * index + 2] = value
                return
            }
            if storedHigh == 0 && storedLow == 0 {
                slots[3 * index] = high
                slots[3 * index + 1] = low
                slots[3 * index + 2] = value
                count += 1
                return
            }
            index = (index + 1) & mask
        }
    }

    private mutating func remove(_ high: UInt64, _ low: UInt64) {
        var index = slot(high, low)
        while !(slots[3 * index] == high && slots[3 * index + 1] == low) {
            if slots[3 * index] == 0 && slots[3 * index + 1] == 0 { return }
            index = (index + 1) & mask
        }
        count -= 1
        // Backward-shift: move later entries of the probe run into the hole when their home
        // slot allows, so lookups never need tombstones.
        var hole = index
        var next = (hole + 1) & mask
        while !(slots[3 * next] == 0 && slots[3 * next + 1] == 0) {
            let home = slot(slots[3 * next], slots[3 * next + 1])
            if (next - home) & mask >= (next - hole) & mask {
                slots[3 * hole] = slots[3 * next]
                slots[3 * hole + 1] = slots[3 * next + 1]
                slots[3 * hole + 2] = slots[3 * next + 2]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[3 * hole] = 0
        slots[3 * hole + 1] = 0
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count / 3 - 1
        count = nilUUIDOffset == nil ? 0 : 1
        for index in 0..<(old.count / 3) where old[3 * index] != 0 || old[3 * index + 1] != 0 {
            insert(old[3 * index], old[3 * index + 1], old[3 * index + 2])
        }
    }
}
