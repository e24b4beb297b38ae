/// CRC-32C (Castagnoli), the checksum that guards block headers and index entries.
///
/// Written here because it is twenty lines and no package in the mirror exposes it on
/// Linux. Headers and index entries are small, so a byte-at-a-time table is fast enough;
/// record content is guarded by the LZ4 frame's own xxHash32 content checksum.
public enum CRC32C {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 {
            crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
        }
        return crc
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
