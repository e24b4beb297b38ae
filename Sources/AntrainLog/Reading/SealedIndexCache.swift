import SystemPackage

/// The index entries of sealed segments, loaded once per process and shared by all reads.
///
/// Sealed segments never change, so their entries can be cached for the life of the log
/// object. The active segment's index is read again whenever its file is not the one read
/// last (``activeEntries(_:base:)``).
final class SealedIndexCache: Sendable {
    private let entries = Locked<[UInt64: [IndexEntry]]>([:])
    /// The active segment's entries, with the identity of the index file they were read from.
    private let active = Locked<(base: UInt64, file: IndexFileIdentity, entries: [IndexEntry])?>(nil)

    /// The valid entries of the index of the active segment `base`, as
    /// `SegmentIndexFile.load` reads them, read again only when the file changed: a query reads
    /// the log's end, checks its state's positions and catches up, and each read of a 5M
    /// log's 1.6 MB active index cost about a millisecond. The file is only appended to, or
    /// replaced by a rename (a new inode), so its inode, size and modification time tell.
    func activeEntries(_ directory: LogDirectory, base: UInt64) -> [IndexEntry] {
        let identity = IndexFileIdentity(directory.indexPath(base))
        if let identity, let cached = active.withLock({ $0 }), cached.base == base, cached.file == identity {
            return cached.entries
        }
        // Read after the identity was taken: a file that grew meanwhile gives more entries
        // (all valid), and is read again next time.
        let loaded = SegmentIndexFile.load(directory, base: base)
        if let identity { active.withLock { $0 = (base, identity, loaded) } }
        return loaded
    }

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
    func removeAll() {
        entries.withLock { $0.removeAll() }
        active.withLock { $0 = nil }
    }
}

/// What tells one version of an index file from another: its inode, size and modification time.
struct IndexFileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64
    private let size: Int64
    private let modifiedSeconds: Int
    private let modifiedNanoseconds: Int

    /// The identity of the file at `path`, or nil when it cannot be read.
    init?(_ path: FilePath) {
        // swift-system's stat retries EINTR, and names the modification time alike on Linux
        // (st_mtim) and Darwin (st_mtimespec).
        guard let status = try? path.stat() else { return nil }
        device = UInt64(status.deviceID.rawValue)
        inode = UInt64(status.inode.rawValue)
        size = status.size
        modifiedSeconds = Int(status.st_mtim.tv_sec)
        modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
    }
}

/// Builds index entries by reading block headers, skipping over the LZ4 frames.
package enum HeaderScan {
    /// Extends `known` (a valid prefix of the segment's entries) with entries for the blocks
    /// whose headers follow, up to the end of the file or the first header that is not valid.
    package static func entries(of reader: SegmentReader, from known: [IndexEntry]) throws(LogError) -> [IndexEntry] {
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
