/// The records of a log that pass a filter, in offset order, read as they are iterated.
///
/// Memory stays bounded by one batch (one commit) whatever the log's size. Iteration ends at
/// the last commit complete when it gets there; use ``LogSubscription`` to keep following.
/// Damage on the way throws ``LogError/damaged(_:)``; everything before it is returned first.
public struct LogRecords: AsyncSequence, Sendable {
    public typealias Element = LogRecord

    /// Starts a read of the log's batches (``LogReader/makeBatchIterator(_:)``).
    let makeBatches: @Sendable () -> any RecordBatchIterator

    /// The records `log` holds that pass `filter`.
    init(_ log: some LogReader, filter: ReadFilter) {
        makeBatches = { log.makeBatchIterator(filter) }
    }

    /// Starts reading at the filter's first offset.
    public func makeAsyncIterator() -> Iterator { Iterator(batches: makeBatches()) }

    /// Iterates records, one batch at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var batches: any RecordBatchIterator
        var records: RecordBatch.Records?
        var index = 0

        /// The next record, or nil at the end of what is committed.
        public mutating func next() async throws -> LogRecord? { try nextRecord() }

        /// Runs on the caller's executor: no hop per record (reads are synchronous, one batch
        /// at a time, so there is nothing to wait for elsewhere).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LogRecord? { try nextRecord() }

        /// The next record, read synchronously (for callers off the async world).
        public mutating func nextRecord() throws -> LogRecord? {
            while index == records?.count ?? 0 {
                guard let batch = try batches.nextBatch() else { return nil }
                records = batch.records
                index = 0
            }
            defer { index += 1 }
            return records![index]
        }
    }
}
