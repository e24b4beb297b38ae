import AntrainEvents
import Foundation

/// The read loop of a replay: blocks in, decoded batches out to every projection, with the
/// decoding of the next batches overlapping the applying of the ones before (see
/// ``ApplyLanes``).
struct BatchPump: Sendable {
    let log: EventLog
    let catalog: EventCatalog
    let batchSize: Int
    /// Where to stop (exclusive); nil reads to the end.
    var endOffset: UInt64?
    /// Only events recorded before this instant, in microseconds; nil takes all.
    var recordedBefore: Int64?

    init(log: EventLog, catalog: EventCatalog, batchSize: Int, endOffset: UInt64? = nil, recordedBefore: Int64? = nil) {
        self.log = log
        self.catalog = catalog
        self.batchSize = batchSize
        self.endOffset = endOffset
        self.recordedBefore = recordedBefore
    }

    /// How many entries a model may reserve per array for a replay of `events` events: all
    /// of them, unless that many entries of up to 64 bytes would pass a quarter of the
    /// machine's memory (an allocation of address space the system might refuse).
    static func reservable(events: UInt64) -> Int {
        let ceiling = ProcessInfo.processInfo.physicalMemory / 4 / 64
        return Int(min(events, ceiling))
    }

    /// Feeds every event from `start` on to the projections behind it.
    func run(into projections: [any ProjectionHost], from start: UInt64,
             progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> ReplaySummary {
        let logEnd = try await log.end().nextOffset
        let stop = min(endOffset ?? logEnd, logEnd)
        guard start < stop else { return ReplaySummary() }
        if start == 0 {
            let room = Self.reservable(events: stop)
            for projection in projections { await projection.reserveCapacity(forEvents: room) }
        }
        var summary = ReplaySummary()
        // A batch ends at a block boundary, so it may run a block's records past `batchSize`.
        let batchCapacity = batchSize + 512
        var events = EventColumns()
        events.reserveCapacity(batchCapacity)
        var lanes = ApplyLanes(projections: projections)
        var report = ReplayProgress(offset: start, startOffset: start, endOffset: stop, events: 0)

        var last: LogPosition?
        do {
            var builder = StoredEventBuilder()  // shares one stream id string across a stream's run of records
            for try await block in log.blocks(ReadFilter(startOffset: start, endOffset: stop)) {
                try builder.decode(block, with: catalog, recordedBefore: recordedBefore, into: &events, summary: &summary)
                // A batch ends at a block boundary, so that its end position has a chain hash;
                // a block cut short by `stop` gets no position and ends the replay.
                guard block.header.endOffset <= stop else {
                    last = LogPosition(offset: stop, chainHash: .zero)
                    break
                }
                last = LogPosition(after: block.header)
                if events.count >= batchSize {
                    // The events go out with the batch; the buffer of a batch applied
                    // everywhere comes back, to be filled in place (the tasks that applied it
                    // are gone, so it is this loop's alone again).
                    let sent = EventBatch(columns: events, end: last!)
                    events = EventColumns()
                    if let retired = await lanes.send(sent) { events = retired }
                    events.removeAll()
                    // Stream id strings are shared within a batch only: the projections
                    // copy the metadata of the batches they apply, and a string whose
                    // reference count this loop and they changed at once cost a fifth of
                    // the loop's time in contended atomic updates.
                    builder = StoredEventBuilder()
                    events.reserveCapacity(batchCapacity)  // the first batches, before any comes back
                    report.offset = block.header.endOffset
                    report.events = summary.decoded
                    progress?(report)
                }
            }
        } catch {
            // What was read before the failure is applied before the error is reported, so
            // that every projection's position is settled when the caller sees it.
            await lanes.finish()
            throw error
        }
        if let last { await lanes.send(EventBatch(columns: events, end: last)) }
        await lanes.finish()
        report.offset = last?.offset ?? stop
        report.events = summary.decoded
        progress?(report)
        return summary
    }
}
