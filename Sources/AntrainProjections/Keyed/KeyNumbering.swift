import AntrainEvents
import Foundation

/// Numbers the keys a ``KeyedTable`` holds, densely, for lookups by key.
///
/// A key type names its numbering through ``NumberedStateKey``; the default,
/// ``DictionaryNumbering``, serves any key, and only the hottest keys have one of their own
/// (``UUIDNumbering``).
public protocol KeyNumbering<Key> {
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

/// Numbering by a `Dictionary`: for keys other than UUIDs (and the default of every key type).
public struct DictionaryNumbering<Key: Hashable>: KeyNumbering {
    private var numbers: [Key: Int] = [:]

    /// No keys.
    public init() {}
    /// The number of `key`, if it is held.
    public func number(of key: Key) -> Int? { numbers[key] }
    /// Holds `key` under the next number.
    public mutating func add(_ key: Key) { numbers[key] = numbers.count }
    /// Holds exactly `keys`, numbered in their order.
    public mutating func replace(with keys: [Key]) {
        numbers = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }
    /// The key's `hashValue`, which `Hasher` has mixed already.
    public static func spread(_ key: Key) -> UInt64 { UInt64(bitPattern: Int64(key.hashValue)) }
}

/// Numbering of UUIDs by `UUIDIndex`: a replay looks a workout or an exercise up for nearly
/// every event, and this costs a multiply and a probe where `Dictionary` runs SipHash.
public struct UUIDNumbering: KeyNumbering {
    private var index = UUIDIndex()

    /// No keys.
    public init() {}
    /// The number of `key`, if it is held.
    @inline(__always)
    public func number(of key: UUID) -> Int? { index.firstIndex(of: key) }
    /// Holds `key` under the next number.
    public mutating func add(_ key: UUID) { _ = index.append(key) }
    /// Holds exactly `keys`, numbered in their order.
    public mutating func replace(with keys: [UUID]) { index = UUIDIndex(keys) }
    /// The UUID's own bits, mixed by a few multiplies: they are spread out already, and SipHash
    /// (`hashValue`) for every key met and every key written out was a twentieth of a rebuild's
    /// training fold and a tenth of the recorder's.
    @inline(__always)
    public static func spread(_ key: UUID) -> UInt64 {
        let words = key.words
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return spread ^ (spread >> 32)
    }
}

/// A key a ``KeyedTable`` can hold: a ``StateKey`` with the numbering its tables use. A key
/// type of an app's own conforms with nothing more to write (`extension MyKey:
/// NumberedStateKey {}`), and is numbered by a `Dictionary`.
public protocol NumberedStateKey: StateKey {
    /// How tables number keys of this type; ``DictionaryNumbering`` unless the type says.
    associatedtype Numbering: KeyNumbering<Self> = DictionaryNumbering<Self>
}

extension UUID: NumberedStateKey {
    /// ``UUIDNumbering``: a workout or an exercise is looked up for nearly every event.
    public typealias Numbering = UUIDNumbering
}
extension CalendarDay: NumberedStateKey {}
extension ChunkKey: NumberedStateKey {}
extension NameKey: NumberedStateKey {}
