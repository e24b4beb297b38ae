import AntrainEvents

/// A value a read model keeps under a key: written in a compact binary form of its own, with
/// the typed columns its keyspace shows beside it.
///
/// ```swift
/// struct Day: KeyedValue {
///     typealias Key = CalendarDay
///     var calories = 0.0
///     func encode(into writer: inout StateValueWriter) { writer.double(calories) }
///     init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) { calories = try cursor.double() }
///     var columns: [StateColumnValue] { [.real(calories)] }
/// }
/// ```
///
/// Decoding must read back exactly what encoding wrote: the tests compare a value with its
/// round trip, and a rebuild with a catch-up, byte for byte.
public protocol KeyedValue: Sendable {
    /// What the value is kept under.
    associatedtype Key: StateKey
    /// Writes the value.
    func encode(into writer: inout StateValueWriter)
    /// Reads a value written by ``encode(into:)``.
    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure)
    /// Reads the value stored under `key`: for values that leave out what their key says.
    /// The default reads as ``init(from:)``.
    init(from cursor: inout BinaryCursor, key: Key) throws(BinaryCursor.Failure)
    /// The keyspace's typed columns for this value, in the keyspace's order.
    var columns: [StateColumnValue] { get }
    /// About how many bytes of memory the value holds, for the working set's budget.
    var residentBytes: Int { get }
}

extension KeyedValue {
    /// The value alone says all of it.
    public init(from cursor: inout BinaryCursor, key: Key) throws(BinaryCursor.Failure) {
        try self.init(from: &cursor)
    }

    /// No columns.
    public var columns: [StateColumnValue] { [] }

    /// The value's own size; values holding arrays should add theirs.
    public var residentBytes: Int { MemoryLayout<Self>.stride }

    /// The value's bytes in the store.
    public var encoded: [UInt8] {
        // Room for most values at once: growing from empty reallocated a workout's bytes six
        // or seven times.
        var writer = StateValueWriter(reservingCapacity: 256)
        encode(into: &writer)
        return writer.bytes
    }

    /// The value stored as `bytes` (under `key`, for values that need it), which must hold
    /// exactly one value: what a read model's queries call on the bytes they read. Bytes that
    /// do not decode throw a ``StateStoreError`` whose `isDamage` is true.
    public static func decoded(_ bytes: [UInt8], in keyspace: StateKeyspace, key: Key? = nil) throws -> Self {
        let value: Self? = bytes.withUnsafeBytes { raw in
            var cursor = BinaryCursor(raw)
            let decoded = key.map { key in try? Self(from: &cursor, key: key) } ?? (try? Self(from: &cursor))
            guard let value = decoded, (try? cursor.finish()) != nil else { return nil }
            return value
        }
        guard let value else {
            throw StateStoreError.damaged(path: keyspace.description, "a value of \(bytes.count) bytes does not decode as \(Self.self)")
        }
        return value
    }
}

/// A change to write to the store: a value put under a key, or a key deleted.
///
/// A read model does not make these: its tables do, and its
/// ``KeyedReadModel/takeChanges(into:evictingColdBefore:)`` hands them on.
public enum StateChange: Sendable {
    /// Store `value` (and its `columns`) under `key`.
    case put(StateKeyspace, key: [UInt8], value: [UInt8], columns: [StateColumnValue])
    /// Store `value` under `key`, encoded by whoever writes it: a rebuild's writer thread
    /// encodes on its own core what the folds hand over.
    /// `bytes` is what the value takes in memory (``KeyedValue/residentBytes``), measured once.
    case putValue(StateKeyspace, key: [UInt8], value: any KeyedValue, bytes: Int)
    /// Remove `key`.
    case delete(StateKeyspace, key: [UInt8])

    /// About how many bytes it carries.
    var bytes: Int {
        switch self {
        case let .put(_, key, value, _): key.count + value.count + 64
        case let .putValue(_, key, _, bytes): key.count + bytes
        case let .delete(_, key): key.count + 32
        }
    }

    /// The same change with its value encoded (``put(_:key:value:columns:)``), used up.
    consuming func encoded() -> StateChange {
        switch consume self {
        case let .putValue(keyspace, key, value, _): .put(keyspace, key: key, value: value.encoded, columns: value.columns)
        case let change: change
        }
    }

    /// Whether it changes `key` of `keyspace`.
    func touches(_ keyspace: StateKeyspace, _ key: [UInt8]) -> Bool {
        switch self {
        case let .put(space, changed, _, _), let .putValue(space, changed, _, _), let .delete(space, changed):
            space.table == keyspace.table && changed == key
        }
    }

    /// Applies the change in a transaction, using it up: its parts are moved out, not copied
    /// (a copy retained the value's box and released it once written).
    consuming func apply(to state: any KeyedStateWriting) throws {
        switch consume self {
        case let .put(keyspace, key, value, columns): try state.put(keyspace, key: key, value: value, columns: columns)
        case let .putValue(keyspace, key, value, _): try state.put(keyspace, key: key, value: value.encoded, columns: value.columns)
        case let .delete(keyspace, key): try state.delete(keyspace, key: key)
        }
    }
}
