/// CRC-32C (Castagnoli), the checksum that guards block headers and index entries.
///
/// Written here because no package in the mirror exposes it on Linux. Headers and index
/// entries are small, but a reader checks a whole segment index (a megabyte or two) at
/// once, so the checksum reads eight bytes a step ("slicing by 8": eight
/// tables, each advancing the remainder by one more byte), about six times faster than a
/// byte at a time; the tail and short inputs still go byte by byte.
public enum CRC32C {
    /// `tables[k][b]`: the remainder of byte `b` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[index] = crc
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        guard let base = bytes.baseAddress else { return 0 }
        tables.withUnsafeBufferPointer { table in
            var position = 0
            let count = bytes.count
            while count - position >= 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                position += 8
            }
            while position < count {
                crc = table[Int((crc ^ UInt32(base.load(fromByteOffset: position, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                position += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
