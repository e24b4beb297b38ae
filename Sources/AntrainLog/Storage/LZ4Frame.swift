import CLZ4

/// Compresses record bytes into one standard LZ4 frame (content size and content checksum on).
///
/// The frame is what `lz4 -dc` decodes; its xxHash32 content checksum guards the records.
package struct LZ4FrameEncoder: Sendable {
    /// LZ4 acceleration (negative: faster) or high-compression level (3...12); 0 is LZ4's default fast mode.
    var compressionLevel: Int32

    package init(compressionLevel: Int32 = 0) { self.compressionLevel = compressionLevel }

    private func preferences(contentSize: Int) -> LZ4F_preferences_t {
        var preferences = LZ4F_preferences_t()
        preferences.frameInfo.blockSizeID = LZ4F_max4MB
        preferences.frameInfo.blockMode = LZ4F_blockLinked
        preferences.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled
        preferences.frameInfo.contentSize = UInt64(contentSize)
        preferences.compressionLevel = compressionLevel
        return preferences
    }

    /// The LZ4 frame holding `content`.
    package func encode(_ content: UnsafeRawBufferPointer) throws(LZ4Error) -> [UInt8] {
        var preferences = preferences(contentSize: content.count)
        let bound = LZ4F_compressFrameBound(content.count, &preferences)
        var result: Int = 0
        let frame = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            result = LZ4F_compressFrame(buffer.baseAddress, bound, content.baseAddress, content.count, &preferences)
            initialized = LZ4F_isError(result) != 0 ? 0 : result
        }
        guard LZ4F_isError(result) == 0 else { throw LZ4Error(code: result) }
        return frame
    }
}

/// Decodes LZ4 frames, checking the content checksum and the exact content size.
///
/// Holds a decompression context, reused across frames; one per reader, never shared.
///
/// The content checksum is checked here with libxxhash's XXH32 rather than by liblz4:
/// Debian builds liblz4 for the baseline x86-64, where its XXH32 is vectorized without a
/// 32-bit multiply and ran at a third of the speed of decompression itself (a fifth of a
/// replay's reading time). A frame whose flags ask for block checksums, which this engine
/// never writes, is left to liblz4 to check whole.
package final class LZ4FrameDecoder {
    private var context: OpaquePointer?
    /// The FLG byte's bits (LZ4 frame format, "FLG byte"): content checksum, block checksums.
    private static let contentChecksumFlag: UInt8 = 1 << 2
    private static let blockChecksumFlag: UInt8 = 1 << 4

    package init() {
        var context: OpaquePointer?
        let code = LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))
        precondition(LZ4F_isError(code) == 0 && context != nil, "liblz4 could not allocate a decompression context")
        self.context = context
    }

    deinit { LZ4F_freeDecompressionContext(context) }

    /// Decodes the single frame `frame` into `content`, which it must fill exactly.
    func decode(_ frame: UnsafeRawBufferPointer, into content: UnsafeMutableRawBufferPointer) throws(LZ4Error) {
        // Byte 4 is FLG, after the 4-byte magic number; liblz4 rejects a frame too short to have one.
        let flags = frame.count > 4 ? frame[4] : 0
        let checksHere = flags & Self.contentChecksumFlag != 0 && flags & Self.blockChecksumFlag == 0
        // A frame of one block goes straight into `content`; anything else, and any frame
        // the direct path doubts, goes through liblz4's frame decoder, which reports it.
        if !checksHere || !SingleBlockFrame.decode(frame, into: content) {
            try decompress(frame, into: content, skippingChecksums: checksHere)
        }
        // The content checksum is the frame's last 4 bytes, after the end mark
        // (`decompress` made sure the frame ends exactly there).
        guard checksHere else { return }
        let stored = UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: frame.count - 4, as: UInt32.self))
        guard XXHash32.hash(UnsafeRawBufferPointer(content)) == stored else {
            // The name liblz4 gives the same failure, so that either check reports it alike.
            throw LZ4Error(message: "ERROR_contentChecksum_invalid")
        }
    }

    /// Decodes `frame` into `content`; liblz4 checks the frame's checksums unless
    /// `skippingChecksums`, when the caller checks the content checksum itself.
    func decompress(_ frame: UnsafeRawBufferPointer, into content: UnsafeMutableRawBufferPointer,
                            skippingChecksums: Bool) throws(LZ4Error) {
        // A context remembers skipping checksums until it is reset: one that liblz4 must
        // check starts from a reset context.
        if !skippingChecksums { LZ4F_resetDecompressionContext(context) }
        var options = LZ4F_decompressOptions_t(stableDst: 1, skipChecksums: skippingChecksums ? 1 : 0, reserved1: 0, reserved0: 0)
        let contentSize = content.count
        var failure: LZ4Error?
        var written = 0
        var consumed = 0
        while true {
            var destinationSize = contentSize - written
            var sourceSize = frame.count - consumed
            let hint = LZ4F_decompress(context, content.baseAddress.map { $0 + written }, &destinationSize,
                                       frame.baseAddress.map { $0 + consumed }, &sourceSize, &options)
            written += destinationSize
            consumed += sourceSize
            if LZ4F_isError(hint) != 0 {
                failure = LZ4Error(code: hint)
                break
            }
            if hint == 0 { break }
            if sourceSize == 0 && destinationSize == 0 {
                failure = LZ4Error(message: written == contentSize
                    ? "frame continues past its declared content size" : "frame ends before its end mark")
                break
            }
        }
        if failure == nil && consumed != frame.count {
            failure = LZ4Error(message: "\(frame.count - consumed) bytes follow the frame's end mark")
        }
        if failure == nil && written != contentSize {
            failure = LZ4Error(message: "frame holds \(written) bytes, header says \(contentSize)")
        }
        if let failure {
            LZ4F_resetDecompressionContext(context)
            throw failure
        }
    }
}

/// A failure reported by liblz4, or a frame that does not match its block header.
package struct LZ4Error: Error, Equatable, Sendable, CustomStringConvertible {
    let message: String

    init(code: Int) { message = String(cString: LZ4F_getErrorName(code)) }
    init(message: String) { self.message = message }

    package var description: String { message }
}
