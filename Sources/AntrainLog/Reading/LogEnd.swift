/// Finds the end of a log without writing anything: for read-only opens.
enum LogEnd {
    /// The offset after the last block whose header and frame are complete, and that block's
    /// hash. A block being written, or a torn one, is not counted; damage is not looked for
    /// (that is verification's work).
    static func find(_ directory: LogDirectory, cache: SealedIndexCache) throws(LogError) -> (nextOffset: UInt64, chainHead: ChainHash) {
        let bases = try directory.segmentBases()
        for (number, base) in bases.enumerated().reversed() {
            let reader = try SegmentReader(directory: directory, base: base)
            let isLast = number == bases.count - 1
            let entries = isLast ? try HeaderScan.entries(of: reader, from: cache.activeEntries(directory, base: base))
                                 : try cache.entries(for: reader, directory: directory)
            guard let last = entries.last else { continue }
            guard case let .success((header, _)) = try reader.header(at: last.position) else { continue }
            return (header.endOffset, header.blockHash)
        }
        return (bases.first ?? 0, .zero)
    }
}
