import AntrainEvents
import Foundation

/// Writes a keyed value in the compact binary form that `BinaryCursor` reads back: the
/// primitives of the event codec's binary form (docs/EVENTS.md, "The binary form"), so that
/// state and events share one set of encodings.
///
/// ```swift
/// var writer = StateValueWriter()
/// writer.uuid(workout.id)
/// writer.timestamp(workout.startedAt)
/// writer.optional(workout.name) { $0.string($1) }
/// let bytes = writer.bytes
/// ```
public struct StateValueWriter {
    /// What was written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// An empty writer with room for `capacity` bytes before its first reallocation.
    public init(reservingCapacity capacity: Int) { bytes.reserveCapacity(capacity) }

    /// An unsigned LEB128 varint.
    @inline(__always)
    public mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A signed integer, zigzag-coded so that small negative numbers stay small.
    @inline(__always)
    public mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    /// An `Int`, as ``signed(_:)``.
    @inline(__always)
    public mutating func int(_ value: Int) { signed(Int64(value)) }

    /// A count or small non-negative number, as a varint.
    @inline(__always)
    public mutating func count(_ value: Int) { varint(UInt64(max(0, value))) }

    /// A boolean: one byte, 0 or 1.
    @inline(__always)
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A finite double in 1 to 9 bytes: whole numbers and thousandths as varints, anything
    /// else as its 8-byte bit pattern (the event codec's `CompactDouble` forms).
    public mutating func double(_ value: Double) {
        let whole = 4_503_599_627_370_496.0  // 2^52
        if value.magnitude < whole, !(value == 0 && value.sign == .minus) {
            if value == value.rounded(.towardZero) {
                varint(zigzag(Int64(value)) << 2)
                return
            }
            let scaled = (value * 1000).rounded()
            if scaled.magnitude < whole, scaled / 1000 == value {
                varint(zigzag(Int64(scaled)) << 2 | 1)
                return
            }
        }
        varint(2)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A string: its UTF-8 length, then its bytes.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A UUID's 16 bytes, in RFC 4122 order.
    @inline(__always)
    public mutating func uuid(_ value: UUID) { withUnsafeBytes(of: value.uuid) { bytes.append(contentsOf: $0) } }

    /// A timestamp, as signed microseconds since 1970.
    @inline(__always)
    public mutating func timestamp(_ value: Timestamp) { signed(value.microsecondsSince1970) }

    /// A calendar day, as signed days since 1970.
    @inline(__always)
    public mutating func day(_ value: CalendarDay) { signed(Int64(value.daysSince1970)) }

    /// A case of an enum, as its place among the cases: one byte where the raw string took
    /// ten. Changing the order of the cases changes the meaning of stored values, so a read
    /// model that does must raise its version.
    @inline(__always)
    public mutating func code<Value: CaseIterable & Equatable>(_ value: Value) {
        // `allCases` read once: a synthesized one builds its array on every read.
        let cases = Value.allCases
        varint(UInt64(cases.firstIndex(of: value).map { cases.distance(from: cases.startIndex, to: $0) } ?? 0))
    }

    /// A mass: its number, then its unit's code.
    public mutating func mass(_ value: Mass) {
        double(value.value)
        code(value.unit)
    }

    /// An optional: a presence byte, then the value written by `write`.
    @inline(__always)
    public mutating func optional<Value>(_ value: Value?, _ write: (inout StateValueWriter, Value) -> Void) {
        guard let value else { return bool(false) }
        bool(true)
        write(&self, value)
    }

    /// A list: its count, then each element written by `write`.
    public mutating func list<Element>(_ elements: some Collection<Element>, _ write: (inout StateValueWriter, Element) -> Void) {
        count(elements.count)
        for element in elements { write(&self, element) }
    }

    /// Bytes as they are, without a length.
    public mutating func raw(_ raw: some Collection<UInt8>) { bytes.append(contentsOf: raw) }

    fileprivate func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
}

extension StateValueWriter {
    /// A measure (a weight, an RPE, a distance) in as few bytes as is exact: quarters, which
    /// hold most weights and every half-step RPE in one or two bytes; else thousandths; else
    /// the double's 8 bytes. The low two bits of the leading varint say which.
    public mutating func measure(_ value: Double) {
        let limit = 2_251_799_813_685_248.0  // 2^51
        // -0.0 equals 0 yet has no integer form: only the double's bytes keep its sign.
        let negativeZero = value == 0 && value.sign == .minus
        let quarters = value * 4
        if quarters.magnitude < limit, quarters == quarters.rounded(), !negativeZero {
            return varint(zigzag(Int64(quarters)) << 2)
        }
        let thousandths = (value * 1000).rounded()
        if thousandths.magnitude < limit, thousandths / 1000 == value, !negativeZero {
            return varint(zigzag(Int64(thousandths)) << 2 | 1)
        }
        varint(2)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A span of microseconds: whole seconds (most times of a workout) in fewer bytes.
    public mutating func span(_ microseconds: Int64) {
        if microseconds % 1_000_000 == 0 {
            varint(zigzag(microseconds / 1_000_000) << 1)
        } else {
            varint(zigzag(microseconds) << 1 | 1)
        }
    }
}
