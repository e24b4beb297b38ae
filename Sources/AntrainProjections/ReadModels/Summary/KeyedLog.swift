import Foundation

/// Records in the order they were added, each under a UUID that a later record may repeat:
/// the sets or exercise occurrences of a log, kept without checking each new id against
/// every id before it.
///
/// ```swift
/// var sets = KeyedLog<Double>()
/// sets.append(setID, 500)                                // never looks at older ids
/// if let number = sets.latest(of: setID) { sets.records[number] += 12.5 }
/// let order = sets.survivors()                           // nil: no id repeats
/// ```
///
/// A hash table of half a million UUIDs does not fit in the cache: checking each new set id
/// against it costs a miss to memory or two, more than the rest of a replay's work on the
/// event. Ids repeat only in logs written by hand, so a keyed log keeps a record per event
/// and leaves the question "which record stands for this id" to the few events that name an
/// old id (a correction, a removal) and to ``survivors()``, which the models' digests call.
/// Those search the last ``window`` records first, where nearly every correction lands,
/// then a hash table of the ids that learns the ids added since it last looked in one pass.
/// The table is derived and never encoded: the log encodes as its ids and records in order.
struct KeyedLog<Record> {
    /// The id of each record.
    private(set) var keys: [UUID] = []
    /// The records, in the order added. Change them in place; never append or remove.
    var records: [Record] = []

    /// Open addressing over `keys[..<indexed]`, linear probing: 0 is empty, n is record
    /// n - 1, the latest record of its id among those.
    private var slots: [Int32] = []
    /// 64 minus log2 of the slot count.
    private var shift = 64
    /// How many records, from the first, the table holds.
    private var indexed = 0
    /// Whether an id repeats among those.
    private var repeats = false
    /// How many of the last records a lookup reads before it turns to the table.
    static var window: Int { 64 }

    /// No records.
    init() {}

    /// Makes room for `count` records and their keys, each array in one allocation.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        records.reserveCapacity(count)
    }

    /// How many records it has.
    var count: Int { records.count }
    /// Whether it has none.
    var isEmpty: Bool { records.isEmpty }

    /// Adds `record` under `key`; its number.
    @discardableResult
    mutating func append(_ key: UUID, _ record: Record) -> Int {
        keys.append(key)
        records.append(record)
        return records.count - 1
    }

    /// The number of the latest record under `key`, if any.
    mutating func latest(of key: UUID) -> Int? {
        var number = keys.count
        let stop = Swift.max(0, keys.count - Self.window)
        while number > stop {
            number -= 1
            if keys[number] == key { return number }
        }
        guard stop > 0 else { return nil }
        catchUp()
        return find(key)
    }

    /// The numbers of the records that stand for their ids, in the order the ids first
    /// appear: for each id, its latest record, at the place of its first. Nil when no id
    /// repeats, so every record stands for itself, in order.
    func survivors() -> [Int]? {
        var table = self
        table.catchUp()
        guard table.repeats else { return nil }
        var taken = [Bool](repeating: false, count: keys.count)
        var order: [Int] = []
        for key in keys {
            let latest = table.find(key)!
            if !taken[latest] {
                taken[latest] = true
                order.append(latest)
            }
        }
        return order
    }

    /// For each record, the number of the latest record under its id. Nil when no id
    /// repeats, so every record is its own latest.
    func latestNumbers() -> [Int]? {
        var table = self
        table.catchUp()
        guard table.repeats else { return nil }
        return keys.map { table.find($0)! }
    }

    // MARK: Table

    /// The latest record of `key` among those in the table.
    private func find(_ key: UUID) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.slot(key, shift)
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if keys[stored - 1] == key { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Puts every record not yet in the table into it (a later record of an id takes its
    /// slot, and notes that ids repeat), growing it to stay at most half full.
    private mutating func catchUp() {
        if keys.count * 2 > slots.count {
            let capacity = 1 << (Int.bitWidth - (Swift.max(64, keys.count * 2) - 1).leadingZeroBitCount)
            shift = 64 - capacity.trailingZeroBitCount
            slots = Array(repeating: 0, count: capacity)
            indexed = 0
        }
        let mask = slots.count - 1
        while indexed < keys.count {
            var slot = Self.slot(keys[indexed], shift)
            while slots[slot] != 0, keys[Int(slots[slot]) - 1] != keys[indexed] { slot = (slot + 1) & mask }
            repeats = repeats || slots[slot] != 0
            indexed += 1
            slots[slot] = Int32(indexed)
        }
    }

    /// The slot `key` hashes to: its 128 bits mixed, the top bits kept (a UUID's bits are
    /// already random; the multiplies spread sequential ones).
    private static func slot(_ key: UUID, _ shift: Int) -> Int {
        let (high, low) = key.words
        let mixed = (high &* 0x9E37_79B9_7F4A_7C15) ^ (low &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: ((mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9) >> UInt64(shift))
    }
}

extension KeyedLog: Sendable where Record: Sendable {}

extension KeyedLog: Equatable where Record: Equatable {
    /// The same ids and records in the same order: the table follows from them.
    static func == (lhs: KeyedLog, rhs: KeyedLog) -> Bool { lhs.keys == rhs.keys && lhs.records == rhs.records }
}

extension KeyedLog: Codable where Record: Codable {
    /// Reads id, record, id, record, … (``UUIDPairCoding``; an id may repeat).
    init(from decoder: any Decoder) throws {
        self.init()
        try UUIDPairCoding.decode(Record.self, from: decoder) { key, record in
            append(key, record)
            return true
        }
    }

    /// Writes id, record, id, record, …: the layout of an `OrderedDictionary` when no id
    /// repeats.
    func encode(to encoder: any Encoder) throws {
        try UUIDPairCoding.encode(zip(keys, records), to: encoder)
    }
}
