import AntrainEvents

/// The read loop of a replay: blocks in, decoded batches out to every projection, with the
/// decoding of one batch overlapping the applying of the one before.
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

    /// Feeds every event from `start` on to the projections behind it.
    func run(into projections: [any ProjectionHost], from start: UInt64,
             progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> ReplaySummary {
        let logEnd = try await log.end().nextOffset
        let stop = min(endOffset ?? logEnd, logEnd)
        guard start < stop else { return ReplaySummary() }
        var summary = ReplaySummary()
        var events: [StoredEvent] = []
        events.reserveCapacity(batchSize + 512)
        // The batch being applied, held here too so that, once applied, it is freed by this
        // loop and not by the thread that finished applying it: the events' boxes were
        // allocated here, and freeing them from another thread contends for this thread's
        // malloc arena.
        var inFlight: (task: Task<Void, Never>, batch: EventBatch)?
        var report = ReplayProgress(offset: start, startOffset: start, endOffset: stop, events: 0)

        func send(_ batch: EventBatch) async {
            await inFlight?.task.value
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    for projection in projections { group.addTask { await projection.apply(batch) } }
                }
            }
            inFlight = (task, batch)
        }

        var last: LogPosition?
        var builder = StoredEventBuilder()  // shares one stream id string across a stream's run of records
        for try await block in log.blocks(ReadFilter(startOffset: start, endOffset: stop)) {
            for record in block.records {
                if let recordedBefore, record.recordedAtMicroseconds >= recordedBefore { continue }
                let payload = try catalog.decode(record)
                summary.count(payload)
                if case let .event(event) = payload { events.append(builder.make(record, event)) }
            }
            // A batch ends at a block boundary, so that its end position has a chain hash;
            // a block cut short by `stop` gets no position and ends the replay.
            guard block.header.endOffset <= stop else {
                last = LogPosition(offset: stop, chainHash: .zero)
                break
            }
            last = LogPosition(after: block.header)
            if events.count >= batchSize {
                await send(EventBatch(events: events, end: last!))
                events.removeAll(keepingCapacity: true)
                report.offset = block.header.endOffset
                report.events = summary.decoded
                progress?(report)
            }
        }
        if let last { await send(EventBatch(events: events, end: last)) }
        await inFlight?.task.value
        inFlight = nil
        report.offset = last?.offset ?? stop
        report.events = summary.decoded
        progress?(report)
        return summary
    }
}
