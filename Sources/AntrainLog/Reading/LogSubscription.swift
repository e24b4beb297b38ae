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
        Iterator(sequence: self, records: LogRecords(directory: directory, filter: filter, cache: cache, latch: latch).makeAsyncIterator())
    }

    /// Iterates records, waiting at the end of the log for more.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: LogSubscription
        /// A plain read: at the end of what is complete it returns nil, and a later call
        /// goes on from the same place.
        var records: LogRecords.Iterator

        /// The next record; nil only when the task is cancelled.
        public mutating func next() async throws -> LogRecord? { try await next(isolation: nil) }

        /// The next record, on the caller's executor; nil only when the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LogRecord? {
            while !Task.isCancelled {
                if let record = try records.nextRecord() { return record }
                await sequence.signal.wait(timeout: sequence.pollInterval)
            }
            return nil
        }
    }
}
