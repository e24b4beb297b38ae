/// A catch-up subscription: the records from an offset, then every record appended later,
/// each exactly once and in order, until the iterating task is cancelled.
///
/// A storage that is told of commits wakes it at once (the directory log: a writer in this
/// process); otherwise the end is looked at again every `pollInterval`.
public struct LogSubscription: AsyncSequence, Sendable {
    public typealias Element = LogRecord

    /// The plain read it goes on from.
    let records: LogRecords
    /// Waits at the end of the log for it to grow (``LogReader/waitForAppends(timeout:)``).
    let wait: @Sendable (Duration) async -> Void
    let pollInterval: Duration

    /// The records of `log` passing `filter`, then every later one.
    init(_ log: some LogReader, filter: ReadFilter, pollInterval: Duration) {
        records = LogRecords(log, filter: filter)
        wait = { await log.waitForAppends(timeout: $0) }
        self.pollInterval = pollInterval
    }

    /// Starts reading at the filter's first offset.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, records: records.makeAsyncIterator())
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
                await sequence.wait(sequence.pollInterval)
            }
            return nil
        }
    }
}
