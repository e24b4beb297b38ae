/// The blocks of a log holding records that pass a filter, each with only those records.
public struct LogBlocks: AsyncSequence, Sendable {
    public typealias Element = LogBlock

    let directory: LogDirectory
    let filter: ReadFilter
    let cache: SealedIndexCache
    /// Where damage met on the way is latched (writable logs only).
    let latch: DamageLatch?

    /// Starts reading at the filter's first offset.
    public func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    /// Iterates blocks.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: LogBlocks
        var cursor: LogCursor?

        /// The next block, or nil at the end of what is complete.
        public mutating func next() async throws -> LogBlock? { try nextBlock() }

        /// Runs on the caller's executor: no hop per block.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LogBlock? { try nextBlock() }

        /// The next block, read synchronously.
        public mutating func nextBlock() throws -> LogBlock? {
            do {
                return try readBlock()
            } catch let LogError.damaged(damage) {
                sequence.latch?.record(damage)
                throw LogError.damaged(damage)
            }
        }

        private mutating func readBlock() throws -> LogBlock? {
            if cursor == nil {
                cursor = try LogCursor(directory: sequence.directory, filter: sequence.filter, cache: sequence.cache)
            }
            let filter = sequence.filter
            while let block = try cursor!.next() {
                let wholeBlock = block.header.firstOffset >= filter.startOffset
                    && (filter.endOffset.map { block.header.endOffset <= $0 } ?? true) && filter.isOffsetRangeOnly
                if wholeBlock { return block }
                let kept = block.keeping(filter.matches)
                if !kept.records.isEmpty { return kept }
            }
            return nil
        }
    }
}

/// The directory log's blocks as storage-neutral batches (``LogReader/makeBatchIterator(_:)``).
struct DirectoryBatches: RecordBatchIterator {
    var blocks: LogBlocks.Iterator
    /// The read's stop: a block it cuts has no chain hash there.
    let stop: UInt64?

    mutating func nextBatch() throws -> RecordBatch? {
        guard let block = try blocks.nextBlock() else { return nil }
        let cut = stop.map { $0 < block.header.endOffset } ?? false
        return RecordBatch(storage: block.storage, starts: block.starts, end: cut ? nil : LogPosition(after: block.header))
    }
}
