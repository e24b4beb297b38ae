/// The records of a log that pass a filter, in offset order, read as they are iterated.
///
/// Memory stays bounded by one block whatever the log's size. Iteration ends at the last
/// complete block at the time it gets there; use ``LogSubscription`` to keep following.
/// Damage on the way throws ``LogError/damaged(_:)``; everything before it is returned first.
public struct LogRecords: AsyncSequence, Sendable {
    public typealias Element = LogRecord

    let directory: LogDirectory
    let filter: ReadFilter
    let cache: SealedIndexCache
    let latch: DamageLatch?

    /// Starts reading at the filter's first offset.
    public func makeAsyncIterator() -> Iterator {
        Iterator(blocks: LogBlocks(directory: directory, filter: filter, cache: cache, latch: latch).makeAsyncIterator())
    }

    /// Iterates records, one decoded block at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var blocks: LogBlocks.Iterator
        var records: LogBlock.Records?
        var index = 0

        /// The next record, or nil at the end of what is complete.
        public mutating func next() async throws -> LogRecord? { try nextRecord() }

        /// Runs on the caller's executor: no hop per record (reads are synchronous file I/O
        /// of one block at a time, so there is nothing to wait for elsewhere).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LogRecord? { try nextRecord() }

        /// The next record, read synchronously (for callers off the async world).
        public mutating func nextRecord() throws -> LogRecord? {
            while index == records?.count ?? 0 {
                guard let block = try blocks.nextBlock() else { return nil }
                records = block.records
                index = 0
            }
            defer { index += 1 }
            return records![index]
        }
    }
}

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
