/// Little-endian writes into a growing byte array: the one way this module lays out bytes.
struct ByteWriter {
    var bytes: [UInt8]

    init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(bytes other: some Collection<UInt8>) {
        bytes.append(contentsOf: other)
    }

    mutating func write(zeros count: Int) {
        bytes.append(contentsOf: repeatElement(0, count: count))
    }
}

/// Bounds-checked little-endian reads from raw bytes.
///
/// Every read checks its length first, so a length field in hostile bytes can never make a
/// read run past the buffer: it throws ``FormatError`` instead.
struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    private(set) var position: Int

    init(_ buffer: UnsafeRawBufferPointer, position: Int = 0) {
        self.buffer = buffer
        self.position = position
    }

    var remaining: Int { buffer.count - position }

    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self, field: StaticString) throws(FormatError) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw FormatError.truncated(field: "\(field)", needed: size, available: remaining) }
        let value = buffer.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: value)
    }

    mutating func readBytes(_ count: Int, field: StaticString) throws(FormatError) -> UnsafeRawBufferPointer {
        guard count >= 0, remaining >= count else {
            throw FormatError.truncated(field: "\(field)", needed: count, available: remaining)
        }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)])
        position += count
        return slice
    }

    mutating func skip(_ count: Int, field: StaticString) throws(FormatError) {
        _ = try readBytes(count, field: field)
    }
}

/// A structural problem found while parsing bytes of the on-disk format.
public enum FormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field needed more bytes than were left.
    case truncated(field: String, needed: Int, available: Int)
    /// A field holds a value the format does not allow.
    case invalid(field: String, reason: String)

    public var description: String {
        switch self {
        case let .truncated(field, needed, available):
            return "\(field) needs \(needed) bytes but only \(available) remain"
        case let .invalid(field, reason):
            return "\(field): \(reason)"
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` that keeps the body's typed error (the standard one only rethrows `any Error`).
    package func withBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = withUnsafeBytes { raw in Result { () throws(E) in try body(raw) } }
        return try result.get()
    }
}
