import AntrainEvents
import Foundation

/// Numbers the keys a ``KeyedTable`` holds, densely, for lookups by key.
package protocol KeyNumbering<Key> {
    associatedtype Key: Hashable
    /// No keys.
    init()
    /// The number of `key`, if it is held.
    func number(of key: Key) -> Int?
    /// Holds `key`, which is not held yet, under the next number.
    mutating func add(_ key: Key)
    /// Holds exactly `keys`, numbered in their order (after an eviction dropped some).
    mutating func replace(with keys: [Key])
}

/// Numbering by a `Dictionary`: for keys other than UUIDs.
package struct DictionaryNumbering<Key: Hashable>: KeyNumbering {
    private var numbers: [Key: Int] = [:]

    package init() {}
    package func number(of key: Key) -> Int? { numbers[key] }
    package mutating func add(_ key: Key) { numbers[key] = numbers.count }
    package mutating func replace(with keys: [Key]) {
        numbers = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }
}

/// Numbering of UUIDs by ``UUIDIndex``: a replay looks a workout or an exercise up for nearly
/// every event, and this costs a multiply and a probe where `Dictionary` runs SipHash.
package struct UUIDNumbering: KeyNumbering {
    private var index = UUIDIndex()

    package init() {}
    @inline(__always)
    package func number(of key: UUID) -> Int? { index.firstIndex(of: key) }
    package mutating func add(_ key: UUID) { _ = index.append(key) }
    package mutating func replace(with keys: [UUID]) { index = UUIDIndex(keys) }
}

/// The numbering a key type uses in tables.
package protocol NumberedStateKey: StateKey {
    associatedtype Numbering: KeyNumbering<Self>
}

extension UUID: NumberedStateKey { package typealias Numbering = UUIDNumbering }
extension CalendarDay: NumberedStateKey { package typealias Numbering = DictionaryNumbering<CalendarDay> }
extension ChunkKey: NumberedStateKey { package typealias Numbering = DictionaryNumbering<ChunkKey> }
extension NameKey: NumberedStateKey { package typealias Numbering = DictionaryNumbering<NameKey> }
