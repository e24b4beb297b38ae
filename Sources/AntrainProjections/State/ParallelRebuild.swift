import AntrainEvents
import AntrainLog
import Foundation

/// Rebuilds models from the start of the log: the log is read and decoded once, each model
/// folds on its own lane (about one core each), and a writer thread puts their state into
/// the store in one transaction (see ``RebuildSink``). The way of `rebuild`, of a model whose
/// stored state cannot be used, and of time travel (into a store in memory).
struct ParallelRebuild {
    let store: any KeyedStateStore
    let log: any LogReader
    var policy = EvictionPolicy()
    var batchSize = EventBatchReader.defaultBatchSize
    /// How many batches may wait for the slowest lane, besides the one being read.
    var depth = 3

    /// Where a rebuild stops: an offset known beforehand (a new generation, time travel), or
    /// one decided inside the write transaction, under the lock, by a closure that may also
    /// give the rebuild up by throwing (see ``RebuildSink``).
    enum Stop {
        case offset(UInt64)
        case decidedUnderLock(@Sendable (any KeyedStateWriting) throws -> UInt64)
    }

    /// Folds every event before `stop` (recorded before `recordedBefore`, when given) into new
    /// `models` and replaces their stored state with the result.
    func run(_ models: [any KeyedReadModel.Type], to stop: UInt64, recordedBefore: Int64? = nil,
             progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> (positions: [StoredPosition], summary: ReplaySummary) {
        try await run(models, stop: .offset(stop), recordedBefore: recordedBefore, progress: progress)
    }

    /// Folds every event before the stop `stop` gives (see ``Stop``) into new `models` and
    /// replaces their stored state with the result.
    func run(_ models: [any KeyedReadModel.Type], stop rule: Stop, recordedBefore: Int64? = nil,
             progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> (positions: [StoredPosition], summary: ReplaySummary) {
        var decide: (@Sendable (any KeyedStateWriting) throws -> UInt64)?
        if case let .decidedUnderLock(closure) = rule { decide = closure }
        let sink = RebuildSink(store: store, rebuilding: models.map { ($0.name, $0.keyspaces) }, opening: decide)
        let events = EventLookup(log: log)
        let lanes = models.map { FoldLane($0, sink: sink, policy: policy, events: events) }
        let summary: ReplaySummary
        let logger = ProjectionsLogging.rebuild
        let trace = logger.logLevel <= .debug
        let clock = ContinuousClock.now
        do {
            let stop: UInt64
            switch rule {
            case let .offset(offset): stop = offset
            case .decidedUnderLock: stop = try await sink.began()
            }
            let reading: Duration
            (summary, reading) = try await pump(into: lanes, to: stop, recordedBefore: recordedBefore, progress: progress)
            if trace { logger.debug("folded in \(ContinuousClock.now - clock); reading and decoding took \(reading) of processor time") }
            var positions: [StoredPosition] = []
            for lane in lanes { positions.append(try await lane.finish()) }
            if trace {
                logger.debug("lanes finished at \(ContinuousClock.now - clock)")
                for lane in lanes {
                    let (busy, processor) = (await lane.busy, await lane.processorTime)
                    logger.debug("\(lane.name) busy \(busy), processor \(processor)")
                }
            }
            try await sink.finish(positions: positions)
            if trace {
                logger.debug("committed at \(ContinuousClock.now - clock); the writer took \(sink.processorTime) of processor time for \(sink.written) changes")
                let steps = sink.writerTimeline
                logger.debug("the writer waited \(steps.idle) for work; applied the last change at \(steps.changesApplied.map { $0 - clock } ?? .zero), recorded the positions at \(steps.positioned.map { $0 - clock } ?? .zero), committed at \(steps.committed.map { $0 - clock } ?? .zero)")
                logger.debug("the folds read back \(sink.loads.count) keys written out, waiting \(sink.loads.waited)")
            }
            return (positions, summary)
        } catch {
            sink.abort()
            throw error
        }
    }

    /// Reads and decodes the log into batches, each applied by every lane in order; a lane
    /// may fall `depth` batches behind the reader before the reader waits for it. Returns
    /// what was decoded, and the processor time reading and decoding took.
    private func pump(into lanes: [FoldLane], to stop: UInt64, recordedBefore: Int64?,
                      progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> (ReplaySummary, Duration) {
        var reader = EventBatchReader(log: log, from: 0, to: stop, recordedBefore: recordedBefore, batchSize: batchSize)
        var pipeline = LanePipeline(lanes: lanes, depth: depth)
        var spare: EventColumns?
        var report = ReplayProgress(offset: 0, startOffset: 0, endOffset: stop, events: 0)
        var reading: Duration = .zero
        do {
            while true {
                let readStart = ThreadClock.now()
                guard let batch = try reader.next(reusing: spare.take()) else { break }
                reading += ThreadClock.now() - readStart
                // Applied everywhere: the oldest batch's events are the reader's to refill.
                if let freed = await pipeline.makeRoom() { spare = freed }
                pipeline.send(batch)
                report.offset = batch.end.offset
                report.events = reader.decoded
                progress?(report)
            }
        } catch {
            await pipeline.drain()
            throw error
        }
        await pipeline.drain()
        return (reader.summary, reading)
    }
}
