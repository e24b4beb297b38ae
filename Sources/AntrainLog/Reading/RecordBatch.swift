/// Records read together, in offset order: those of one commit that a read asked for (the
/// directory log's block, another storage's transaction), and where that commit ends.
///
/// A batch is how every storage hands out its records (``LogReader/makeBatchIterator(_:)``):
/// the records are views into one buffer in the log's record layout (docs/FORMAT.md,
/// "Records"), so a fold walks them without an allocation or a dynamic call per record,
/// whatever stores them. A storage other than the directory log makes its batches with
/// ``RecordBatchBuilder``.
///
/// ```swift
/// var batches = log.makeBatchIterator(ReadFilter(startOffset: 0, endOffset: end))
/// while let batch = try batches.nextBatch() {
///     for record in batch.records { print(record.offset, record.eventType) }
///     if let position = batch.end { checkpoint = position }     // the chain is known here
/// }
/// ```
public struct RecordBatch: Sendable {
    let storage: RecordStorage
    /// Where each record shown starts in `storage`.
    let starts: [Int]
    /// The position after the commit the records come from, when the read went to its end;
    /// nil when the read's stop fell inside the commit, where no chain hash is known.
    public let end: LogPosition?

    init(storage: RecordStorage, starts: [Int], end: LogPosition?) {
        self.storage = storage
        self.starts = starts
        self.end = end
    }

    /// The batch's records, in offset order.
    public var records: Records { Records(storage: storage, starts: starts) }

    /// The records of a batch: views made on access, without copying the batch.
    public struct Records: RandomAccessCollection, Sendable {
        let storage: RecordStorage
        let starts: [Int]

        /// Always 0.
        public var startIndex: Int { 0 }
        /// The number of records.
        public var endIndex: Int { starts.count }
        /// The record at `index`, a view into the batch.
        public subscript(index: Int) -> LogRecord { LogRecord(storage: storage, start: starts[index]) }
    }

    /// Calls `body` with a view of each record, in order, holding the batch's bytes once for
    /// all of them: the way of a fold.
    package func forEachRecord<Failure: Error>(_ body: (RecordView) throws(Failure) -> Void) throws(Failure) {
        try withExtendedLifetime(storage) { () throws(Failure) in
            let bytes = storage.bytes
            for start in starts { try body(RecordView(bytes: bytes, start: start)) }
        }
    }

    /// The same batch showing only the records that `filter` passes, without copying them;
    /// its end is kept only when the filter's stop does not fall inside the commit
    /// (`commitEnd` is the offset after the commit's last record). How a storage that reads
    /// whole commits answers a filtered read.
    public func narrowed(to filter: ReadFilter, commitEnd: UInt64) -> RecordBatch {
        let cut = filter.endOffset.map { $0 < commitEnd } ?? false
        let kept = filter.isOffsetRangeOnly && !cut && (starts.first.map { storage.load($0 + 4, as: UInt64.self) >= filter.startOffset } ?? true)
            ? starts
            : starts.filter { filter.matches(LogRecord(storage: storage, start: $0)) }
        return RecordBatch(storage: storage, starts: kept, end: cut ? nil : end)
    }

    /// The records' bytes exactly as stored, one after another in the log's record layout:
    /// what a storage's chain hashes, and what ``RecordBatchBuilder/add(storedBytes:)`` reads.
    public var storedBytes: [UInt8] {
        var bytes: [UInt8] = []
        for record in records { bytes += record.storedBytes }
        return bytes
    }
}

/// Reads a log's record batches one after another, synchronously (``LogReader``).
public protocol RecordBatchIterator {
    /// The next batch, or nil at the end of the read or of what is committed.
    mutating func nextBatch() throws -> RecordBatch?
}
