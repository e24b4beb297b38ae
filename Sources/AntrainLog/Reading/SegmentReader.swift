import SystemPackage

/// Reads the blocks of one segment file by byte position.
package final class SegmentReader {
    let base: UInt64
    let file: LogFile
    private let decoder = LZ4FrameDecoder()

    package init(directory: LogDirectory, base: UInt64) throws(LogError) {
        self.base = base
        file = try LogFile(path: directory.segmentPath(base), writable: false)
        name = file.path.lastComponent?.string ?? file.path.string
    }

    /// The segment file's name, computed once: verify names it for every block.
    let name: String

    package func size() throws(LogError) -> UInt64 { try file.size() }

    /// Bytes read ahead: a scan reads a megabyte at a time instead of making three system
    /// calls per block (a header read, a size check, a frame read).
    private var window: [UInt8] = []
    /// Where ``window`` starts in the file.
    private var windowStart: UInt64 = 0
    /// How much a scan reads at a time.
    static let readAhead = 1 << 20

    /// Whether the file has a byte at `position`: from the read-ahead when it holds that
    /// byte (bytes once written stay, so they are still there), else from the file's size.
    func hasBytes(at position: UInt64) throws(LogError) -> Bool {
        if position >= windowStart && position < windowStart + UInt64(window.count) { return true }
        return position < (try file.size())
    }

    /// Forgets what was read ahead. Called when a block did not read: a write in progress or a
    /// torn tail, whose bytes may be replaced (a torn tail is cut, then written again), so the
    /// next attempt must see the file as it is then.
    func forgetReadAhead() {
        window = []
        windowStart = 0
    }

    /// Calls `body` with up to `count` bytes at `position` (fewer only at the end of the
    /// file), in place in the read-ahead: a scan decodes each header and frame where it was
    /// read, where copying them out cost two allocations and two copies per block.
    private func withBytes<Result>(at position: UInt64, count: Int,
                                   _ body: (UnsafeRawBufferPointer) -> Result) throws(LogError) -> Result {
        let range = try fill(at: position, count: count)
        return window.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Makes the read-ahead hold `count` bytes at `position`, or as many as the file has
    /// there, reading the next megabyte when it does not already; returns where they are in it.
    private func fill(at position: UInt64, count: Int) throws(LogError) -> Range<Int> {
        if let slice = readAhead(at: position, count: count) { return slice.indices }
        // The next window goes into the last one's buffer: a fresh megabyte per window was
        // cleared, then faulted in page by page, for every megabyte a replay read.
        let size = max(count, Self.readAhead)
        if window.count != size { window = [UInt8](repeating: 0, count: size) }
        windowStart = position
        let got: Int
        do {
            got = try file.read(at: position, into: &window)
        } catch {
            forgetReadAhead()
            throw error
        }
        if got < size { window.removeLast(size - got) }
        return 0..<min(count, window.count)
    }

    /// The read-ahead's bytes `position..<position + count`, when it holds them all.
    private func readAhead(at position: UInt64, count: Int) -> ArraySlice<UInt8>? {
        guard position >= windowStart, position + UInt64(count) <= windowStart + UInt64(window.count) else { return nil }
        let start = Int(position - windowStart)
        return window[start..<(start + count)]
    }

    /// The header at `position` with its raw 160 bytes, or a fault.
    func header(at position: UInt64) throws(LogError) -> Result<(BlockHeader, [UInt8]), BlockFault> {
        try withBytes(at: position, count: BlockHeader.frameSize) { raw in Self.header(in: raw).map { ($0, Array(raw)) } }
    }

    /// The header at `position`, decoded where the read-ahead holds it: for a scan, which has
    /// no use for the raw bytes (``header(at:)`` returns them too).
    func decodedHeader(at position: UInt64) throws(LogError) -> Result<BlockHeader, BlockFault> {
        try withBytes(at: position, count: BlockHeader.frameSize, Self.header(in:))
    }

    /// The header `raw` holds, or a fault when it is cut short or invalid.
    private static func header(in raw: UnsafeRawBufferPointer) -> Result<BlockHeader, BlockFault> {
        guard raw.count == BlockHeader.frameSize else {
            return .failure(.incomplete("the file ends \(raw.count) bytes into a block header"))
        }
        do throws(FormatError) { return .success(try BlockHeader.decode(raw)) } catch {
            return .failure(.invalid("block header: \(error)"))
        }
    }

    /// A fault when the file ends before the LZ4 frame that follows `header` at `position`
    /// does; nil when the frame's bytes are all there.
    private func missingFrame(of header: BlockHeader, at position: UInt64) throws(LogError) -> BlockFault? {
        // Never allocate what a length field claims before the file shows it has the bytes.
        let start = position + UInt64(BlockHeader.frameSize)
        guard readAhead(at: start, count: Int(header.compressedSize)) == nil else { return nil }
        let available = try file.size()
        guard start + UInt64(header.compressedSize) <= available else {
            let present = available > start ? available - start : 0
            return .incomplete("the file ends \(present) of \(header.compressedSize) bytes into the LZ4 frame")
        }
        return nil
    }

    /// Reads and decodes the whole block at `position`, with its frame's bytes (to hash them).
    func block(at position: UInt64, header: BlockHeader) throws(LogError) -> Result<(LogBlock, [UInt8]), BlockFault> {
        try withFrame(of: header, at: position) { frame in
            decodeBlock(header: header, frame: frame, at: position).map { ($0, Array(frame)) }
        }
    }

    /// Reads and decodes the whole block at `position`, decompressing its frame where the
    /// read-ahead holds it: a scan's way, the same block and faults as ``block(at:header:)``.
    func decodedBlock(at position: UInt64, header: BlockHeader) throws(LogError) -> Result<LogBlock, BlockFault> {
        try withFrame(of: header, at: position) { frame in decodeBlock(header: header, frame: frame, at: position) }
    }

    /// Calls `body` with the LZ4 frame that follows `header` at `position`, in place in the
    /// read-ahead; a fault, without calling it, when the file ends first.
    private func withFrame<Success>(of header: BlockHeader, at position: UInt64,
                                    _ body: (UnsafeRawBufferPointer) -> Result<Success, BlockFault>) throws(LogError) -> Result<Success, BlockFault> {
        if let fault = try missingFrame(of: header, at: position) { return .failure(fault) }
        return try withBytes(at: position + UInt64(BlockHeader.frameSize), count: Int(header.compressedSize)) { frame in
            guard frame.count == Int(header.compressedSize) else {
                return .failure(.incomplete("the file ends \(frame.count) of \(header.compressedSize) bytes into the LZ4 frame"))
            }
            return body(frame)
        }
    }

    /// The block whose header is `header` and whose LZ4 frame is `frame`, at `position`.
    private func decodeBlock(header: BlockHeader, frame: UnsafeRawBufferPointer, at position: UInt64) -> Result<LogBlock, BlockFault> {
        do throws(BlockFault) {
            return .success(try LogBlock.decode(header: header, frame: frame, decoder: decoder, segmentBase: base, position: position))
        } catch {
            return .failure(error)
        }
    }

    /// Whether a block that failed to read at `position` is a torn tail (an interrupted,
    /// never acknowledged write, which opening may cut) rather than damage to a written block.
    ///
    /// Torn: the file ends inside the block, or the bytes there are not a block header at all
    /// (garbage, or a header cut short), and no valid header follows. Damage: anything that is
    /// a complete block by its own account — a valid header with every byte it declares
    /// present, or a header whose checksum fails but whose magic, size and declared length end
    /// exactly at the end of the file. A flipped bit in the last block is thus reported, and
    /// never cut from the log without an explicit `repair`.
    package func isTornTail(at position: UInt64) throws(LogError) -> Bool {
        let size = try file.size()
        if try hasValidHeader(after: position) { return false }
        switch try header(at: position) {
        case let .success((header, _)):
            return position + UInt64(header.blockLength) > size
        case .failure:
            let raw = try file.read(at: position, count: BlockHeader.frameSize)
            guard raw.count == BlockHeader.frameSize else { return true }
            let magic = raw.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self).littleEndian }
            let frameSize = raw.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian }
            let compressed = raw.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 32, as: UInt32.self).littleEndian }
            let looksWhole = magic == BlockHeader.skippableMagic && frameSize == UInt32(BlockHeader.payloadSize)
                && position + UInt64(BlockHeader.frameSize) + UInt64(compressed) == size
            return !looksWhole
        }
    }

    /// Whether a valid block header starts anywhere after `position`: tells damage in the
    /// middle of a segment (valid blocks follow) from a torn or garbage tail (nothing does).
    func hasValidHeader(after position: UInt64) throws(LogError) -> Bool {
        let size = try file.size()
        var chunkStart = position + 1
        let chunkSize = 1 << 20
        let magic: [UInt8] = [0x5A, 0x2A, 0x4D, 0x18]
        while chunkStart + UInt64(BlockHeader.frameSize) <= size {
            let chunk = try file.read(at: chunkStart, count: chunkSize + BlockHeader.frameSize)
            var index = 0
            while index + BlockHeader.frameSize <= chunk.count && index < chunkSize {
                if chunk[index] == magic[0], chunk[index + 1] == magic[1], chunk[index + 2] == magic[2], chunk[index + 3] == magic[3] {
                    let valid = chunk[index..<(index + BlockHeader.frameSize)].withUnsafeBytes { bytes in
                        (try? BlockHeader.decode(bytes)) != nil
                    }
                    if valid { return true }
                }
                index += 1
            }
            chunkStart += UInt64(chunkSize)
        }
        return false
    }
}
