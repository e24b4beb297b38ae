import CXXHash

/// xxHash32 with seed 0, the checksum an LZ4 frame carries over its descriptor, its blocks
/// and its content, computed by libxxhash.
///
/// ```swift
/// let checksum = bytes.withUnsafeBytes(XXHash32.hash)
/// ```
///
/// liblz4 checks the frames it decodes itself, but exports no XXH32 of its own: the reader
/// checks content checksums with this one (see ``LZ4FrameDecoder``), and the fuzzer reseals
/// mutated frames with it.
package enum XXHash32 {
    /// The checksum of `bytes`.
    @inline(__always)
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        XXH32(bytes.baseAddress, bytes.count, 0)
    }
}
