import CLZ4

/// The direct path for an LZ4 frame of one block (every block this engine writes holds less
/// than the frame's 4 MiB block size): its descriptor read and checked here, its block
/// decoded by `LZ4_decompress_safe` straight into the content's buffer.
///
/// liblz4's frame decoder decodes a block in place only when the room left in the
/// destination is a whole maximum block; into a buffer of exactly the content's size, it
/// decoded each block into its own 4 MiB buffer and copied it out (a fifth of the time of
/// decompression in a replay). The layout read here is the LZ4 frame format's (magic number,
/// FLG, BD, content size, header checksum, blocks, end mark, content checksum); the content
/// checksum is left to the caller, as with `skipChecksums`.
enum SingleBlockFrame {
    private static let magic: UInt32 = 0x184D_2204
    /// FLG: version 01 in bits 7-6; bit 3 content size; bit 1 reserved (0); bit 0 dictionary id.
    private static let versionMask: UInt8 = 0b1100_0000, version: UInt8 = 0b0100_0000
    private static let contentSizeFlag: UInt8 = 1 << 3, reservedFlag: UInt8 = 1 << 1, dictionaryFlag: UInt8 = 1 << 0
    /// A block size word with this bit set holds its bytes uncompressed.
    private static let uncompressedBit: UInt32 = 1 << 31

    /// Decodes `frame` into `content` when it is a well-formed frame of one block with a
    /// content size, a content checksum and no block checksums, whose block fills `content`
    /// exactly; false, with nothing promised of `content`, for any other frame.
    static func decode(_ frame: UnsafeRawBufferPointer, into content: UnsafeMutableRawBufferPointer) -> Bool {
        // Magic (4), FLG, BD, content size (8), header checksum: 15 bytes; then the block's
        // size word (4), the end mark (4) and the content checksum (4).
        let descriptorEnd = 14
        guard frame.count >= descriptorEnd + 1 + 12,
              UInt32(littleEndian: frame.loadUnaligned(as: UInt32.self)) == magic else { return false }
        let flags = frame[4], blockDescriptor = frame[5]
        // BD: bits 6-4 name the maximum block size (4 to 7: 64 KiB to 4 MiB), the rest are 0.
        let sizeCode = Int(blockDescriptor >> 4)
        guard flags & versionMask == version, flags & contentSizeFlag != 0, flags & dictionaryFlag == 0, flags & reservedFlag == 0,
              blockDescriptor & 0b1000_1111 == 0, (4...7).contains(sizeCode), content.count <= 1 << (8 + 2 * sizeCode),
              UInt64(littleEndian: frame.loadUnaligned(fromByteOffset: 6, as: UInt64.self)) == UInt64(content.count),
              frame[descriptorEnd] == headerChecksum(frame[4..<descriptorEnd]) else { return false }
        let word = UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: descriptorEnd + 1, as: UInt32.self))
        let size = Int(word & ~uncompressedBit)
        let blockStart = descriptorEnd + 5
        // The block, then the end mark and the content checksum, and nothing after.
        guard size > 0, blockStart + size + 8 == frame.count,
              frame.loadUnaligned(fromByteOffset: blockStart + size, as: UInt32.self) == 0 else { return false }
        let block = UnsafeRawBufferPointer(rebasing: frame[blockStart..<(blockStart + size)])
        if word & uncompressedBit != 0 {
            guard size == content.count else { return false }
            content.copyMemory(from: block)
            return true
        }
        guard let source = block.baseAddress, let destination = content.baseAddress,
              content.count <= Int(Int32.max), size <= Int(Int32.max) else { return false }
        let written = LZ4_decompress_safe(source.assumingMemoryBound(to: CChar.self),
                                          destination.assumingMemoryBound(to: CChar.self), Int32(size), Int32(content.count))
        return written == content.count
    }

    /// The descriptor's checksum byte: the second byte of the xxHash32 of FLG to the content size.
    private static func headerChecksum(_ descriptor: Slice<UnsafeRawBufferPointer>) -> UInt8 {
        UInt8(truncatingIfNeeded: XXHash32.hash(UnsafeRawBufferPointer(rebasing: descriptor)) >> 8)
    }
}
