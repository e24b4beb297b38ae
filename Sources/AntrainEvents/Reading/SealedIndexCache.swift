/// The index entries of sealed segments, loaded once per process and shared by all reads.
///
/// Sealed segments never change, so their entries can be cached for the life of the log
/// object. The active segment's index is read afresh each time.
final class SealedIndexCache: Sendable {
    private let entries = Locked<[UInt64: [IndexEntry]]>([:])

    /// The entries of sealed segment `base`: from the cache, the index file, or a scan of the
    /// segment's headers when the index does not cover the whole file.
    func entries(for reader: SegmentReader, directory: LogDirectory) throws(LogError) -> [IndexEntry] {
        if let cached = entries.withLock({ $0[reader.base] }) { return cached }
        let size = try reader.size()
        var loaded = SegmentIndexFile.load(directory, base: reader.base)
        let covered = loaded.last.map { $0.position + UInt64($0.blockLength) } ?? 0
        if covered != size {
            loaded = try HeaderScan.entries(of: reader, from: loaded)
        }
        let complete = (loaded.last.map { $0.position + UInt64($0.blockLength) } ?? 0) == size
        if complete { entries.withLock { $0[reader.base] = loaded } }
        return loaded
    }

    /// Forgets cached entries (after `repair` changed segments).
    func removeAll() { entries.withLock { $0.removeAll() } }
}

/// Builds index entries by reading block headers, skipping over the LZ4 frames.
enum HeaderScan {
    /// Extends `known` (a valid prefix of the segment's entries) with entries for the blocks
    /// whose headers follow, up to the end of the file or the first header that is not valid.
    static func entries(of reader: SegmentReader, from known: [IndexEntry]) throws(LogError) -> [IndexEntry] {
        var entries = known
        var position = known.last.map { $0.position + UInt64($0.blockLength) } ?? 0
        var expected = known.last?.endOffset ?? reader.base
        let size = try reader.size()
        while position + UInt64(BlockHeader.frameSize) <= size {
            guard case let .success((header, _)) = try reader.header(at: position),
                  header.firstOffset == expected,
                  position + UInt64(header.blockLength) <= size
            else { break }
            entries.append(IndexEntry(header: header, position: position))
            position += UInt64(header.blockLength)
            expected = header.endOffset
        }
        return entries
    }
}
