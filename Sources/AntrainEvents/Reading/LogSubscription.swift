/// A catch-up subscription: the records from an offset, then every record appended later,
/// each exactly once and in order, until the iterating task is cancelled.
///
/// New records from a writer in this process wake it at once; records from a writer in
/// another process are found by polling the files every `pollInterval`.
public struct LogSubscription: AsyncSequence, Sendable {
    public typealias Element = LogRecord

    let directory: LogDirectory
    let filter: ReadFilter
    let cache: SealedIndexCache
    let latch: DamageLatch?
    let signal: CommitSignal
    let pollInterval: Duration

    /// Starts reading at the filter's first offset.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, blocks: LogBlocks(directory: directory, filter: filter, cache: cache, latch: latch).makeAsyncIterator())
    }

    /// Iterates records, waiting at the end of the log for more.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: LogSubscription
        var blocks: LogBlocks.Iterator
        var records: LogBlock.Records?
        var index = 0

        /// The next record; nil only when the task is cancelled.
        public mutating func next() async throws -> LogRecord? { try await next(isolation: nil) }

        /// The next record, on the caller's executor; nil only when the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LogRecord? {
            while index == records?.count ?? 0 {
                if Task.isCancelled { return nil }
                if let block = try blocks.nextBlock() {
                    records = block.records
                    index = 0
                } else {
                    await sequence.signal.wait(timeout: sequence.pollInterval)
                }
            }
            defer { index += 1 }
            return records![index]
        }
    }
}
