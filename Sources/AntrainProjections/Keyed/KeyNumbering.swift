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
    /// A hash of `key` with every bit well mixed: what the filter of keys written out probes.
    static func spread(_ key: Key) -> UInt64
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
    package static func spread(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }
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
    /// The UUID's own bits, mixed by a few multiplies: they are spread out already, and SipHash
    /// (`hashValue`) for every key met and every key written out was a twentieth of a rebuild's
    /// training fold and a tenth of the recorder's.
    @inline(__always)
    package static func spread(_ key: UUID) -> UInt64 {
        let words = key.words
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return spread ^ (spread >> 32)
    }
}

/// The numbering a key type uses in tables.
package protocol NumberedStateKey: StateKey {
    associatedtype Numbering: KeyNumbering<Self>
}

extension UUID: NumberedStateKey { package typealias Numbering = UUIDNumbering }
extension CalendarDay: NumberedStateKey { package typealias Numbering = DictionaryNumbering<CalendarDay> }
extension ChunkKey: NumberedStateKey { package typealias Numbering = DictionaryNumbering<ChunkKey> }
extension NameKey: NumberedStateKey { package typealias Numbering = DictionaryNumbering<NameKey> }
