import AntrainEvents
import Foundation

/// A key of a keyspace: bytes whose order (byte by byte, as SQLite compares blobs) is the
/// order range reads give.
///
/// `UUID`, `CalendarDay` (in time order) and ``NameKey`` are keys already. A key of an app's
/// own gives its bytes and reads them back, and (to be held in a ``KeyedTable``) conforms to
/// ``NumberedStateKey`` too, which asks nothing more:
///
/// ```swift
/// struct MonthKey: NumberedStateKey {
///     var month: Int32                                  // months since year 0
///     var keyBytes: [UInt8] { StateKeyBytes.ordered(month) }
///     init(month: Int32) { self.month = month }
///     init?(keyBytes: [UInt8]) {
///         guard keyBytes.count == 4, let month = StateKeyBytes.int32(keyBytes, at: 0) else { return nil }
///         self.month = month
///     }
/// }
/// ```
public protocol StateKey: Hashable, Sendable {
    /// The key's bytes in the store.
    var keyBytes: [UInt8] { get }
    /// The key from its bytes; nil when they are not one.
    init?(keyBytes: [UInt8])
}

extension UUID: StateKey {
    /// The 16 bytes, in RFC 4122 order.
    public var keyBytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }

    /// The UUID of 16 bytes in RFC 4122 order; nil for any other count.
    public init?(keyBytes: [UInt8]) {
        guard keyBytes.count == 16 else { return nil }
        self = keyBytes.withUnsafeBytes { $0.loadUnaligned(as: UUID.self) }
    }
}

extension CalendarDay: StateKey {
    /// Four bytes, big-endian, of the days since 1970 shifted by 2^31: so that days sort in
    /// time order, before 1970 too.
    public var keyBytes: [UInt8] { StateKeyBytes.ordered(Int32(daysSince1970)) }

    /// The day of four bytes written by ``keyBytes``; nil for other bytes or a day outside the
    /// years 1 to 9999.
    public init?(keyBytes: [UInt8]) {
        guard let days = StateKeyBytes.int32(keyBytes, at: 0), keyBytes.count == 4,
              CalendarDay.validDays.contains(Int64(days)) else { return nil }
        self.init(daysSince1970: Int(days))
    }
}

/// A part of something larger that is kept in numbered pieces (an exercise's sessions, say):
/// the owner's id, then the piece's number, big-endian, so that an owner's pieces sort in
/// order and a range read of the owner gets them all.
package struct ChunkKey: StateKey {
    /// Whose piece it is.
    package var owner: UUID
    /// Which piece, from 0.
    package var chunk: UInt32

    package init(owner: UUID, chunk: UInt32) {
        self.owner = owner
        self.chunk = chunk
    }

    package var keyBytes: [UInt8] {
        var bytes = owner.keyBytes
        withUnsafeBytes(of: chunk.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    package init?(keyBytes: [UInt8]) {
        guard keyBytes.count == 20, let owner = UUID(keyBytes: Array(keyBytes[0..<16])) else { return nil }
        self.owner = owner
        chunk = keyBytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The range of keys of every piece of `owner`: from piece 0 to just past the last.
    package static func range(of owner: UUID) -> (lower: [UInt8], upper: [UInt8]) {
        (ChunkKey(owner: owner, chunk: 0).keyBytes, owner.keyBytes + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    }
}

/// A key that is a name: its UTF-8 bytes (for the few singletons a model keeps).
public struct NameKey: StateKey, ExpressibleByStringLiteral {
    /// The name.
    public var name: String

    /// The key of `name`.
    public init(_ name: String) { self.name = name }
    /// The key of a name written as a literal: `let key: NameKey = "goals"`.
    public init(stringLiteral name: String) { self.name = name }
    /// The name's UTF-8 bytes.
    public var keyBytes: [UInt8] { Array(name.utf8) }
    /// The name of `keyBytes`; nil when they are not UTF-8.
    public init?(keyBytes: [UInt8]) {
        guard let name = String(validating: keyBytes, as: UTF8.self) else { return nil }
        self.name = name
    }
}

/// Byte layouts of ordered integers in keys.
public enum StateKeyBytes {
    /// Four bytes, big-endian, of `value + 2^31`: unsigned order is signed order.
    public static func ordered(_ value: Int32) -> [UInt8] {
        let shifted = UInt32(bitPattern: value) ^ 0x8000_0000
        return withUnsafeBytes(of: shifted.bigEndian) { Array($0) }
    }

    /// The signed value of four bytes written by ``ordered(_:)`` at `offset`.
    public static func int32(_ bytes: [UInt8], at offset: Int) -> Int32? {
        guard bytes.count >= offset + 4 else { return nil }
        let shifted = bytes[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int32(bitPattern: shifted ^ 0x8000_0000)
    }
}
