import AntrainEvents
import AntrainLog
import Testing

/// The eight-bytes-a-step checksum against the standard check value and a byte-at-a-time
/// reference written from the definition.
@Suite("CRC-32C")
struct CRC32CTests {
    /// The definition: reflected polynomial 0x82F63B78, initial and final value all ones.
    static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test("The check value of \"123456789\" is 0xE3069283 (RFC 3720), and empty input gives 0")
    func checkValue() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32C.checksum($0) } == 0xE306_9283)
        #expect([UInt8]().withUnsafeBytes { CRC32C.checksum($0) } == 0)
    }

    @Test("Every length from 0 to 300 and every start alignment agree with the bit-by-bit definition")
    func matchesTheDefinition() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes: [UInt8] = (0..<320).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for start in 0..<8 {
            for length in stride(from: 0, through: 300, by: start == 0 ? 1 : 7) {
                let slice = Array(bytes[start..<(start + length)])
                #expect(slice.withUnsafeBytes { CRC32C.checksum($0) } == Self.reference(slice), "start \(start), length \(length)")
            }
        }
    }
}
