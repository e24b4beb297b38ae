import AntrainEvents
import Foundation

/// The reads that match ``StateValueWriter``'s writes and that events do not need.
extension BinaryCursor {
    /// A non-negative count written by ``StateValueWriter/count(_:)``, refused above `limit`
    /// (a damaged length must not size an allocation).
    @inline(__always)
    public mutating func count(limit: Int = 1 << 26) throws(Failure) -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw Failure() }
        return Int(value)
    }

    /// A case written by ``StateValueWriter/code(_:)``.
    @inline(__always)
    public mutating func code<Value: CaseIterable>(_: Value.Type) throws(Failure) -> Value {
        let index = try varint()
        let cases = Value.allCases
        guard index < UInt64(cases.count) else { throw Failure() }
        return cases[cases.index(cases.startIndex, offsetBy: Int(index))]
    }

    /// A mass written by ``StateValueWriter/mass(_:)``.
    public mutating func stateMass() throws(Failure) -> Mass {
        let value = try double()
        return Mass(value, try code(MassUnit.self))
    }

    /// An optional written by ``StateValueWriter/optional(_:_:)``.
    @inline(__always)
    public mutating func optional<Value>(_ read: (inout BinaryCursor) throws(Failure) -> Value) throws(Failure) -> Value? {
        try present() ? try read(&self) : nil
    }

    /// A list written by ``StateValueWriter/list(_:_:)``.
    public mutating func list<Element>(_ read: (inout BinaryCursor) throws(Failure) -> Element) throws(Failure) -> [Element] {
        let count = try count()
        var elements: [Element] = []
        elements.reserveCapacity(Swift.min(count, 4096))
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }
}

extension StateValueWriter {
    /// A value of a type the events already carry (a program's definition, say), in the event
    /// codec's binary form, with its length: for the rare values not worth a form of their own.
    public mutating func codable(_ value: some Encodable) {
        // Values kept here come from events that encoded and validated them: they encode.
        let bytes = (try? BinaryEventEncoder.encode(value)) ?? []
        count(bytes.count)
        raw(bytes)
    }
}

extension BinaryCursor {
    /// A value written by ``StateValueWriter/codable(_:)``.
    public mutating func codable<Value: Decodable>(_: Value.Type) throws(Failure) -> Value {
        let bytes = try stringBytes()
        guard let value = try? BinaryEventDecoder.decode(Value.self, from: bytes) else { throw Failure() }
        return value
    }
}

extension BinaryCursor {
    /// A measure written by ``StateValueWriter/measure(_:)``.
    public mutating func measure() throws(Failure) -> Double {
        let head = try varint()
        switch head & 3 {
        case 0: return Double(Self.unzigzag(head >> 2)) / 4
        case 1: return Double(Self.unzigzag(head >> 2)) / 1000
        case 2 where head == 2:
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(try byte()) << UInt64(shift) }
            let value = Double(bitPattern: bits)
            guard value.isFinite else { throw Failure() }
            return value
        default: throw Failure()
        }
    }

    /// A span written by ``StateValueWriter/span(_:)``, in microseconds.
    public mutating func span() throws(Failure) -> Int64 {
        let head = try varint()
        let value = Self.unzigzag(head >> 1)
        return head & 1 == 0 ? value * 1_000_000 : value
    }

    private static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
