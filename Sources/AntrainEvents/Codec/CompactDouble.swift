/// How the binary form stores a `Double` in as few bytes as is exact.
///
/// Weights, distances and nutrients are mostly whole numbers or have few decimals, so a varint
/// leads with the form in its low two bits:
/// - `0`: a whole number `n` (zigzag in the upper bits), for |n| < 2^52;
/// - `1`: `n / 1000` for a whole `n`, used only when dividing gives back exactly the same bits;
/// - `2`: the 8 bytes of the IEEE 754 bit pattern follow (little-endian).
///
/// Negative zero and anything not exactly representable the short ways take form 2, so every
/// finite double round-trips bit for bit.
enum CompactDouble {
    static let wholeLimit: Double = 4_503_599_627_370_496 // 2^52

    static func write(_ value: Double, to encoder: BinaryEventEncoder) {
        if value.magnitude < wholeLimit, !(value == 0 && value.sign == .minus) {
            if value == value.rounded(.towardZero) {
                encoder.writeVarint(zigzag(Int64(value)) << 2)
                return
            }
            let scaled = (value * 1000).rounded()
            if scaled.magnitude < wholeLimit, scaled / 1000 == value {
                encoder.writeVarint(zigzag(Int64(scaled)) << 2 | 1)
                return
            }
        }
        encoder.writeVarint(2)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { encoder.bytes.append(contentsOf: $0) }
    }

    static func read(from decoder: BinaryEventDecoder) throws(CodecError) -> Double {
        let start = decoder.position
        let head = try decoder.readVarint()
        switch head & 3 {
        case 0:
            return Double(unzigzag(head >> 2))
        case 1:
            return Double(unzigzag(head >> 2)) / 1000
        case 2 where head == 2:
            let value = Double(bitPattern: try decoder.readFixed(UInt64.self))
            guard value.isFinite else {
                throw CodecError(.nonFiniteNumber, "a stored number is \(value); numbers must be finite", byteOffset: start)
            }
            return value
        default:
            throw CodecError(.invalidFlag, "number form \(head & 3) with head \(head) is not one of 0, 1 or 2", byteOffset: start)
        }
    }

    @inline(__always) static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    @inline(__always) static func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
