import Foundation

/// An ordered dictionary keyed by UUID: `OrderedDictionary<UUID, Value>` on a ``UUIDIndex``,
/// for the maps a replay touches on nearly every event.
///
/// ```swift
/// var volumes = UUIDMap<Double>()
/// volumes[workoutID, default: 0] += 80 * 5
/// if let index = volumes.index(forKey: workoutID) { volumes.values[index] += 60 }
/// for (workoutID, volume) in volumes { print(workoutID, volume) }
/// ```
///
/// Entries keep the order their keys were first added in. `values` may be changed in place through its subscript; never append to it or remove from
/// it directly.
struct UUIDMap<Value> {
    /// The keys, in order.
    private(set) var keyIndex = UUIDIndex()
    /// The values, in the order of their keys.
    var values: [Value] = []

    /// An empty map.
    init() {}

    /// The keys, in order.
    var keys: [UUID] { keyIndex.elements }
    /// How many entries it has.
    var count: Int { values.count }
    /// Whether it has none.
    var isEmpty: Bool { values.isEmpty }

    /// Where `key` is in ``values``, if it is here.
    @inline(__always)
    func index(forKey key: UUID) -> Int? { keyIndex.firstIndex(of: key) }

    /// The value of `key`; setting nil removes the entry.
    subscript(key: UUID) -> Value? {
        get { keyIndex.firstIndex(of: key).map { values[$0] } }
        set {
            if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) }
        }
    }

    /// The value of `key`, or `defaultValue` added for it when it is missing.
    subscript(key: UUID, default defaultValue: @autoclosure () -> Value) -> Value {
        get { keyIndex.firstIndex(of: key).map { values[$0] } ?? defaultValue() }
        _modify {
            let position = slot(for: key, default: defaultValue())
            yield &values[position]
        }
    }

    /// Makes room for `keys` and reads their slots ahead, before a batch adds them: see
    /// ``UUIDIndex/warm(toAdd:)``. Changes no entry.
    mutating func warm(toAdd keys: some Collection<UUID>) { keyIndex.warm(toAdd: keys) }

    /// The position of `key`'s entry, added with `value` when it is missing.
    @inline(__always)
    mutating func slot(for key: UUID, default value: @autoclosure () -> Value) -> Int {
        let (inserted, position) = keyIndex.append(key)
        if inserted { values.append(value()) }
        return position
    }

    /// Sets the value of `key`; the value it replaced, if any.
    @discardableResult
    mutating func updateValue(_ value: Value, forKey key: UUID) -> Value? {
        let (inserted, position) = keyIndex.append(key)
        if inserted {
            values.append(value)
            return nil
        }
        let old = values[position]
        values[position] = value
        return old
    }

    /// Removes `key`'s entry (keeping the order of the others); the value it had.
    @discardableResult
    mutating func removeValue(forKey key: UUID) -> Value? {
        guard let position = keyIndex.firstIndex(of: key) else { return nil }
        keyIndex.remove(atOffsets: [position])
        return values.remove(at: position)
    }

    /// Removes every entry.
    mutating func removeAll() {
        keyIndex.removeAll()
        values.removeAll(keepingCapacity: true)
    }
}

extension UUIDMap: Sequence {
    /// The entries as (key, value) pairs, in order.
    func makeIterator() -> Zip2Sequence<[UUID], [Value]>.Iterator { zip(keyIndex.elements, values).makeIterator() }
}

extension UUIDMap: Sendable where Value: Sendable {}

extension UUIDMap: Equatable where Value: Equatable {
    static func == (lhs: UUIDMap, rhs: UUIDMap) -> Bool { lhs.keyIndex == rhs.keyIndex && lhs.values == rhs.values }
}
