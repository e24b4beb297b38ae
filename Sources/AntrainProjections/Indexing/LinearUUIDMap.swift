import Foundation

/// An ordered UUID-keyed map searched by a linear scan: for the few exercise occurrences and
/// the few dozen sets of one workout (programs' workouts, ``WorkoutSetIDs``).
///
/// ```swift
/// var sets = LinearUUIDMap<Int>()
/// sets[setID] = 5                         // added at the end, or replaced in place
/// sets.removeAll { $0 == 0 }              // the others keep their order
/// sets.keys.last                          // setID
/// ```
///
/// A workout's sets are logged one after the other while it is the workout being logged, so
/// its keys are in the cache, and comparing a few dozen of them costs less than hashing one
/// (and far less than the hash table an `OrderedDictionary` allocates and grows per
/// workout). It encodes exactly as `OrderedDictionary<UUID, Value>` does: key, value, key,
/// value, … in order.
struct LinearUUIDMap<Value> {
    /// The keys, in order.
    private(set) var keys: [UUID] = []
    /// The values, in the order of their keys. Change them in place; never append or remove.
    var values: [Value] = []

    /// An empty map.
    init() {}

    /// How many entries it has.
    var count: Int { keys.count }
    /// Whether it has none.
    var isEmpty: Bool { keys.isEmpty }

    /// Makes room for `count` entries in all.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// Adds an entry for `key`, which the caller knows is not here, at the end.
    mutating func appendNew(_ key: UUID, _ value: Value) {
        keys.append(key)
        values.append(value)
    }

    /// Where `key` is in ``values``, if it is here. Searched from the end, where the
    /// entries a correction names usually are.
    func index(forKey key: UUID) -> Int? {
        let wanted = key.words
        var index = keys.count
        while index > 0 {
            index -= 1
            if keys[index].words == wanted { return index }
        }
        return nil
    }

    /// The value of `key`; setting a value replaces it in place or adds it at the end,
    /// setting nil removes the entry.
    subscript(key: UUID) -> Value? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let newValue {
                if let index = index(forKey: key) {
                    values[index] = newValue
                } else {
                    keys.append(key)
                    values.append(newValue)
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes `key`'s entry (keeping the order of the others); the value it had.
    @discardableResult
    mutating func removeValue(forKey key: UUID) -> Value? {
        guard let index = index(forKey: key) else { return nil }
        keys.remove(at: index)
        return values.remove(at: index)
    }

    /// Removes the entries whose value satisfies `shouldBeRemoved`, keeping the order of the others.
    mutating func removeAll(where shouldBeRemoved: (Value) -> Bool) {
        let kept = values.indices.filter { !shouldBeRemoved(values[$0]) }
        guard kept.count < values.count else { return }
        keys = kept.map { keys[$0] }
        values = kept.map { values[$0] }
    }

    /// The entries whose key satisfies `isIncluded`, in order.
    func filter(keys isIncluded: (UUID) -> Bool) -> LinearUUIDMap {
        var kept = LinearUUIDMap()
        for (key, value) in self where isIncluded(key) {
            kept.keys.append(key)
            kept.values.append(value)
        }
        return kept
    }
}

extension LinearUUIDMap: Sequence {
    /// The entries as (key, value) pairs, in order.
    func makeIterator() -> Zip2Sequence<[UUID], [Value]>.Iterator { zip(keys, values).makeIterator() }
}

extension LinearUUIDMap: Sendable where Value: Sendable {}

extension LinearUUIDMap: Equatable where Value: Equatable {
    /// The same keys and values in the same order.
    static func == (lhs: LinearUUIDMap, rhs: LinearUUIDMap) -> Bool { lhs.keys == rhs.keys && lhs.values == rhs.values }
}

extension LinearUUIDMap: Codable where Value: Codable {
    /// Reads key, value, key, value, … as `OrderedDictionary` writes them (``UUIDPairCoding``),
    /// refusing a key that appears twice.
    init(from decoder: any Decoder) throws {
        self.init()
        try UUIDPairCoding.decode(Value.self, from: decoder) { key, value in
            guard index(forKey: key) == nil else { return false }
            appendNew(key, value)
            return true
        }
    }

    /// Writes key, value, key, value, … as `OrderedDictionary` does.
    func encode(to encoder: any Encoder) throws {
        try UUIDPairCoding.encode(zip(keys, values), to: encoder)
    }
}
