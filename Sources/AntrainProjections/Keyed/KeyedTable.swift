import AntrainEvents

/// The keys of one keyspace that a fold holds in memory: the working set, loaded from the
/// store key by key as events touch them, and written back with only the keys that changed.
///
/// ```swift
/// var days = KeyedTable<DayTotals>(Nutrition.days, context: context)
/// let slot = days.slot(of: event.day) { DayTotals(day: event.day) }   // loaded, or made
/// days[slot].calories += kcal                                         // now dirty
/// days.takeChanges(into: &changes)                                    // the day's new bytes
/// ```
///
/// A slot number is good until the next ``takeChanges(into:evictingColdBefore:)``, which may
/// drop keys and renumber the rest: a model may remember slots within a batch, never across.
/// Reading through ``value(at:)`` leaves a key clean; changing it through the subscript marks
/// it dirty. A key looked up and not found is remembered as absent, so that the store is
/// asked once.
public struct KeyedTable<Value: KeyedValue> where Value.Key: NumberedStateKey {
    /// The keys it holds: its values' key type.
    public typealias Key = Value.Key

    /// The keyspace it holds keys of.
    public let keyspace: StateKeyspace
    private let context: FoldContext
    private var numbering = Key.Numbering()
    private var keys: [Key] = []
    /// nil: known to have no value (never stored, or deleted).
    private var values: [Value?] = []
    private var dirty: [Bool] = []
    /// Whether the store holds a value of each key, as far as this table wrote or read it: a
    /// key made and removed between two writes (a workout live for an hour) needs no delete.
    private var stored: [Bool] = []
    /// The batch that last touched each key.
    private var touched: [UInt32] = []
    /// Keys written out and dropped from memory: only those can be in the store when the
    /// fold started from emptied keyspaces.
    private var evicted = EvictedKeys()
    /// What the values held took in memory when they were last loaded or changed, roughly.
    public private(set) var residentBytes = 0
    /// What each value took when last measured. Measuring a workout walks its entries, and a
    /// long fold measured every workout it held at every eviction, and every workout it handed
    /// over again for the writer's queue: only those touched since are measured again.
    private var sizes: [Int] = []
    /// The batch of the last eviction: values not touched since keep their measure.
    private var measuredAt: UInt32 = 0
    /// The slot looked up last: events come in runs of one key (a workout's sets, a day's
    /// diary), so the next lookup is most often this one, found without hashing the key.
    private var recent = -1

    /// An empty working set of `keyspace`.
    public init(_ keyspace: StateKeyspace, context: FoldContext) {
        self.keyspace = keyspace
        self.context = context
    }

    /// How many keys it holds in memory (with those known to be absent).
    public var count: Int { keys.count }

    // MARK: Finding

    /// The slot of `key`'s value, loaded from the store if it is not in memory; nil when the
    /// key has no value.
    @inline(__always)
    public mutating func slot(of key: Key) -> Int? {
        let slot = number(of: key)
        return values[slot] == nil ? nil : slot
    }

    /// The slot of `key`'s value, made by `make` (and dirty) when the key has none.
    @inline(__always)
    public mutating func slot(of key: Key, orInsert make: () -> Value) -> Int {
        let slot = number(of: key)
        if values[slot] == nil { hold(make(), at: slot) }
        return slot
    }

    /// The value of `key`, without marking it changed.
    public mutating func value(of key: Key) -> Value? {
        slot(of: key).map { values[$0]! }
    }

    /// The value in `slot`, without marking it changed (a copy: for reading a few fields,
    /// ``subscript(reading:)`` borrows it instead).
    @inline(__always)
    public func value(at slot: Int) -> Value { values[slot].unsafelyUnwrapped }

    /// The value in `slot`, borrowed in place for reading: no copy, no change.
    public subscript(reading slot: Int) -> Value {
        @inline(__always) _read { yield values[slot].unsafelyUnwrapped }
    }

    /// The key in `slot`.
    public func key(at slot: Int) -> Key { keys[slot] }

    /// The value in `slot`, to change: reading through it is fine, but it marks the key dirty.
    public subscript(slot: Int) -> Value {
        @inline(__always) get { values[slot].unsafelyUnwrapped }
        @inline(__always) _modify {
            dirty[slot] = true
            yield &values[slot]!
        }
    }

    /// Runs `body` on the value in `slot`, without marking it changed. For a large value read in
    /// several places, where reading through ``subscript(reading:)`` may copy the whole value
    /// each time; a large value whose methods are called may still be copied once (see
    /// ``withPointer(at:_:)`` for reading fields in place).
    @inline(__always)
    package mutating func withValue<Result>(at slot: Int, _ body: (borrowing Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointer(to: &values[slot]!) { try body($0.pointee) }
    }

    /// Runs `body` with a pointer to the value in `slot`, for reading its stored fields where
    /// the value lies (`$0.pointee.entries`): no copy of the whole, no change. Only stored
    /// fields: a method or computed property of `pointee`, like a method called in
    /// ``withValue(at:_:)``, made the compiler copy the whole value first (seen in the
    /// disassembly), which for a workout retained and released every string and array of it,
    /// an eighth of a rebuild's training fold. The pointer is the optional's own storage: an
    /// optional keeps its payload at its start (Swift's layout of single-payload enums). Good
    /// only inside `body`.
    @inline(__always)
    package mutating func withPointer<Result>(at slot: Int, _ body: (UnsafePointer<Value>) throws -> Result) rethrows -> Result {
        assert(values[slot] != nil, "a slot without a value")
        return try values.withUnsafeBufferPointer { buffer in
            try body(UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + slot).assumingMemoryBound(to: Value.self))
        }
    }

    /// Changes the value in `slot` without marking it dirty: for what a value learns that its
    /// stored form leaves out (ids read back from the log), which need not be written again.
    package mutating func amend(_ slot: Int, _ body: (inout Value) throws -> Void) rethrows {
        try body(&values[slot]!)
    }

    /// Stores `value` under `key`, replacing any.
    public mutating func set(_ key: Key, _ value: Value) {
        hold(value, at: number(of: key))
    }

    /// Puts `value` in `slot`, measured, and marks it dirty.
    private mutating func hold(_ value: Value, at slot: Int) {
        sizes[slot] = value.residentBytes
        residentBytes += sizes[slot]
        values[slot] = value
        dirty[slot] = true
    }

    /// Deletes `key`'s value, if it has one.
    public mutating func remove(_ key: Key) {
        let slot = number(of: key)
        guard values[slot] != nil else { return }
        values[slot] = nil
        dirty[slot] = true
    }

    /// The slots of the values held in memory, in the order first met (loaded or made).
    public var heldSlots: [Int] { values.indices.filter { values[$0] != nil } }

    /// The number of `key`'s slot, made (absent, or loaded from the store) on a first miss.
    @inline(__always)
    private mutating func number(of key: Key) -> Int {
        if recent >= 0, keys[recent] == key {
            touched[recent] = context.batch
            return recent
        }
        if let slot = numbering.number(of: key) {
            touched[slot] = context.batch
            recent = slot
            return slot
        }
        recent = miss(key)
        return recent
    }

    private mutating func miss(_ key: Key) -> Int {
        var value: Value?
        if context.storeHoldsUnseenKeys || evicted.mayContain(Key.Numbering.spread(key)) {
            let bytes = key.keyBytes
            if let stored = context.load(keyspace, bytes) {
                do {
                    value = try Value.decoded(stored, in: keyspace, key: key)
                } catch {
                    context.record(error)
                }
            }
        }
        numbering.add(key)
        keys.append(key)
        values.append(value)
        sizes.append(value?.residentBytes ?? 0)
        dirty.append(false)
        // Not asked, the store cannot hold it: it holds every key it ever held, or (a rebuild's
        // emptied keyspaces) none this table did not write out.
        stored.append(value != nil)
        touched.append(context.batch)
        residentBytes += sizes[sizes.count - 1]
        return keys.count - 1
    }

    // MARK: Writing back

    /// Appends the changes of the dirty keys to `changes` and marks them clean. With
    /// `coldBefore`, only of the keys no batch from that one on touched, which it drops from
    /// memory (dirty or not), so that the working set of a long fold stays bounded; the keys
    /// it keeps stay dirty, for a later call (every fold ends with one without `coldBefore`).
    /// Writing them now would write them again later: a rebuild of the 5M-event log wrote a
    /// quarter of its values twice or more (a workout still open, an exercise's book).
    public mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32? = nil) {
        let encoding = !context.defersEncoding
        for slot in keys.indices where dirty[slot] {
            // A key about to be dropped hands its value over rather than a copy of it.
            let leaving = coldBefore.map { touched[slot] < $0 } ?? false
            guard leaving || coldBefore == nil else { continue }
            if let value = leaving ? values[slot].take() : values[slot] {
                if encoding {
                    changes.append(.put(keyspace, key: keys[slot].keyBytes, value: value.encoded, columns: value.columns))
                } else {
                    if touched[slot] >= measuredAt { sizes[slot] = value.residentBytes }
                    // Consumed: boxed as it was, the value was copied into the box (its arrays
                    // retained) and the copy taken from the table released right after.
                    changes.append(.putValue(keyspace, key: keys[slot].keyBytes, value: consume value, bytes: sizes[slot]))
                }
                if leaving { evicted.insert(Key.Numbering.spread(keys[slot])) }
                stored[slot] = true
            } else if stored[slot] {
                changes.append(.delete(keyspace, key: keys[slot].keyBytes))
                stored[slot] = false
            }
            dirty[slot] = false
        }
        guard let coldBefore else { return }
        var kept: [Int] = []
        kept.reserveCapacity(keys.count)
        for slot in keys.indices {
            if touched[slot] >= coldBefore {
                kept.append(slot)
            } else if values[slot] != nil {
                evicted.insert(Key.Numbering.spread(keys[slot]))
            }
        }
        guard kept.count < keys.count else { return }
        recent = -1
        // The values kept move to the new array (a copy would retain each of their arrays, and
        // freeing the old array release them all again).
        var keptValues: [Value?] = []
        keptValues.reserveCapacity(kept.count)
        residentBytes = 0
        for slot in kept {
            let value = values[slot].take()
            if touched[slot] >= measuredAt { sizes[slot] = value?.residentBytes ?? 0 }
            residentBytes += sizes[slot]
            keptValues.append(value)
        }
        measuredAt = context.batch
        values = keptValues
        sizes = kept.map { sizes[$0] }
        keys = kept.map { keys[$0] }
        dirty = kept.map { dirty[$0] }
        stored = kept.map { stored[$0] }
        touched = kept.map { touched[$0] }
        numbering.replace(with: keys)
    }
}

/// The keys a table wrote out and dropped, as a Bloom filter: memory that does not grow with
/// the fold, and a false "maybe" costs only a needless look in the store.
///
/// That look is not cheap in a rebuild: it is a round trip through the writer's queue, which
/// may hold tens of megabytes of changes to apply first, while the fold waits. Most keys a
/// fold misses are new ones (a workout just started), so the false-positive rate decides how
/// often it waits: 1 MiB and four probes keep it near 1 in 40,000 for the 155,000 workouts of
/// the 5M-event log (a 128 KiB filter with three made one in every 60 new keys wait, about
/// 1,800 waits and seconds of a rebuild's wall time). It is given each key's
/// ``KeyNumbering/spread(_:)``, which for UUIDs costs a few multiplies where SipHash ran.
struct EvictedKeys {
    private var bits: [UInt64] = []
    private static let wordCount = 1 << 17  // 2^23 bits: 1 MiB, made on the first eviction
    private static let probes = 4

    /// Notes the key whose ``KeyNumbering/spread(_:)`` is `hash`.
    mutating func insert(_ hash: UInt64) {
        if bits.isEmpty { bits = [UInt64](repeating: 0, count: Self.wordCount) }
        var probe = Probe(hash)
        for _ in 0..<Self.probes {
            let bit = probe.next()
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// Whether the key whose spread is `hash` may have been noted.
    func mayContain(_ hash: UInt64) -> Bool {
        guard !bits.isEmpty else { return false }
        var probe = Probe(hash)
        for _ in 0..<Self.probes {
            let bit = probe.next()
            if bits[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        }
        return true
    }

    /// The bits of a key: two halves of its hash combined (`h1 + i·h2`), as many probes as
    /// wanted from one hash.
    private struct Probe {
        private var current: UInt64
        private let step: UInt64

        init(_ hash: UInt64) {
            current = hash & 0xFFFF_FFFF
            step = (hash >> 32) | 1
        }

        mutating func next() -> Int {
            defer { current &+= step }
            return Int(current & UInt64(EvictedKeys.wordCount * 64 - 1))
        }
    }
}
