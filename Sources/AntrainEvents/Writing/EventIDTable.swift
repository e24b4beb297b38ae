import Foundation

/// Where each event id is stored: an open-addressing hash table from UUID to offset.
///
/// The writer looks up every appended id (to make retries safe) and keeps millions of them,
/// so this replaces `Dictionary<UUID, UInt64>`: UUIDs are already well-mixed bits, so a
/// cheap multiply-xorshift of them replaces SipHash, and growing rehashes flat arrays of
/// integers. Linear probing at most half full; removal (only to undo a failed block) shifts
/// later entries back instead of leaving tombstones.
struct EventIDTable {
    /// Two words per slot: the UUID's halves. (0, 0) marks an empty slot, so the nil UUID
    /// (all zero bits) is kept on the side.
    private var keys: [UInt64]
    private var values: [UInt64]
    private var mask: Int
    private var nilUUIDOffset: UInt64?
    private(set) var count = 0

    /// A table sized for `capacity` ids without growing.
    init(capacity: Int = 1024) {
        var slots = 16
        while slots < capacity * 2 { slots <<= 1 }
        keys = [UInt64](repeating: 0, count: slots * 2)
        values = [UInt64](repeating: 0, count: slots)
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
                let storedHigh = keys[2 * index], storedLow = keys[2 * index + 1]
                if storedHigh == high && storedLow == low { return values[index] }
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
        if (count + 1) * 2 > values.count { grow() }
        var index = slot(high, low)
        while true {
            let storedHigh = keys[2 * index], storedLow = keys[2 * index + 1]
            if storedHigh == high && storedLow == low {
                values[index] = value
                return
            }
            if storedHigh == 0 && storedLow == 0 {
                keys[2 * index] = high
                keys[2 * index + 1] = low
                values[index] = value
                count += 1
                return
            }
            index = (index + 1) & mask
        }
    }

    private mutating func remove(_ high: UInt64, _ low: UInt64) {
        var index = slot(high, low)
        while !(keys[2 * index] == high && keys[2 * index + 1] == low) {
            if keys[2 * index] == 0 && keys[2 * index + 1] == 0 { return }
            index = (index + 1) & mask
        }
        count -= 1
        // Backward-shift: move later entries of the probe run into the hole when their home
        // slot allows, so lookups never need tombstones.
        var hole = index
        var next = (hole + 1) & mask
        while !(keys[2 * next] == 0 && keys[2 * next + 1] == 0) {
            let home = slot(keys[2 * next], keys[2 * next + 1])
            if (next - home) & mask >= (next - hole) & mask {
                keys[2 * hole] = keys[2 * next]
                keys[2 * hole + 1] = keys[2 * next + 1]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[2 * hole] = 0
        keys[2 * hole + 1] = 0
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [UInt64](repeating: 0, count: oldValues.count * 2)
        mask = values.count - 1
        let nilOffset = nilUUIDOffset
        count = nilOffset == nil ? 0 : 1
        for index in 0..<oldValues.count where oldKeys[2 * index] != 0 || oldKeys[2 * index + 1] != 0 {
            insert(oldKeys[2 * index], oldKeys[2 * index + 1], oldValues[index])
        }
    }
}
