import AntrainEvents
import AntrainLog

/// The log's events from an offset to a stop, decoded once into batches that end at block
/// boundaries (commits), read synchronously: for folds that run inside one store transaction.
///
/// ```swift
/// var reader = EventBatchReader(log: log, from: 1_000, to: end)
/// while let batch = try reader.next() { try host.apply(batch) }
/// print(reader.summary.skipped)      // records of unknown types or newer versions
/// ```
package struct EventBatchReader {
    /// What was decoded and skipped so far.
    private(set) var summary = ReplaySummary()
    /// Events decoded so far.
    var decoded: Int { summary.decoded }
    private var batches: any RecordBatchIterator
    private let catalog: EventCatalog
    private let batchSize: Int
    private let stop: UInt64
    private let recordedBefore: Int64?
    private var builder = StoredEventBuilder()
    private var finished = false

    /// Events per batch unless told otherwise: about 600 KB of decoded events, which the
    /// models walk while it is still in the processor's cache.
    package static let defaultBatchSize = 4_096

    /// A reader of the events at offsets `start ..< stop`, and only those recorded before
    /// `recordedBefore` (microseconds) when given.
    init(log: any LogReader, from start: UInt64, to stop: UInt64, recordedBefore: Int64? = nil,
         catalog: EventCatalog = .standard, batchSize: Int = defaultBatchSize) {
        batches = log.makeBatchIterator(ReadFilter(startOffset: start, endOffset: stop))
        self.catalog = catalog
        self.batchSize = max(1, batchSize)
        self.stop = stop
        self.recordedBefore = recordedBefore
        finished = start >= stop
    }

    /// The next batch, or nil after the last. A batch may hold no events (a run of records
    /// skipped) yet still moves the position on. `buffer`, the events of a batch no one holds
    /// any more, is emptied and filled again: a buffer used over and over keeps its pages,
    /// where a fresh one per batch had the kernel fault in and clear megabytes for each (a
    /// quarter of the read loop's time).
    mutating func next(reusing buffer: consuming EventColumns? = nil) throws -> EventBatch? {
        guard !finished else { return nil }
        var events = buffer ?? EventColumns()
        events.removeAll()
        events.reserveCapacity(batchSize + 512)
        var end: LogPosition?
        while let batch = try batches.nextBatch() {
            try builder.decode(batch, with: catalog, recordedBefore: recordedBefore, into: &events, summary: &summary)
            // A commit cut short by the stop has no chain hash at the stop: it ends the read.
            guard let after = batch.end else {
                end = LogPosition(offset: stop, chainHash: .zero)
                finished = true
                break
            }
            end = after
            if events.count >= batchSize { break }
        }
        guard let end else {
            finished = true
            return nil
        }
        if end.offset >= stop { finished = true }
        // Stream id strings are shared within a batch only (see StoredEventBuilder).
        builder = StoredEventBuilder()
        return EventBatch(columns: events, end: end)
    }
}
