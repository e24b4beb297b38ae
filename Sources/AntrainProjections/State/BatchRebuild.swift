import AntrainEvents

/// Rebuilds every standard model from batches of events handed in by the caller, and saves
/// the state as ``ProjectionStore/rebuild(_:names:progress:)`` does a rebuild of every model:
/// the same lanes (one fold per model), the same writer thread and the same single
/// transaction, into a new generation of the state file that is then installed (docs/FORMAT.md,
/// "Generations"). Only where the events come from differs.
///
/// ```swift
/// let rebuild = BatchRebuild(stateDirectory: "/tmp/peer", events: EventLookup(log: log))
/// let folded = try await rebuild.run { try peer.nextBatch() }   // nil after the last batch
/// let store = try SQLiteStateStore(path: "/tmp/peer/state.sqlite", readOnly: true)
/// ```
///
/// What it is for: measuring a rebuild fed from another store of the same events (the
/// benchmarks' SQLite peer) against the log's, so that the comparison isolates reading and
/// decoding. Each batch's `end` must lie after the previous one's; its chain hash is stored
/// as given (a source other than the log has none), so the state written is tied to no log
/// and belongs in a directory of its own, not in a log's `projections`.
///
/// The reading loop mirrors `ParallelRebuild`'s: a lane may fall `depth` batches behind
/// the source before the source waits for it.
public struct BatchRebuild: Sendable {
    private let generations: StateGenerations
    private let events: EventLookup
    /// How many batches may wait for the slowest lane, besides the one being read (as in
    /// ``ParallelRebuild``).
    private let depth = 3

    /// A rebuild into the state in `stateDirectory` (its `state.sqlite`, a link to the
    /// generation written). `events` reads back the ids that state leaves in the log (see
    /// ``EventLookup``): a fold needs them when a workout it wrote out comes back.
    public init(stateDirectory: String, events: EventLookup) {
        generations = StateGenerations(directory: stateDirectory)
        self.events = events
    }

    /// Folds every batch `next` returns, until it returns nil, into new state for every
    /// standard model, written into a new generation of the state file, which then replaces
    /// the old. Returns the number of events folded.
    public func run(_ next: () async throws -> EventBatch?) async throws -> Int {
        try await generations.replace { store in try await fold(next, into: store) }
    }

    private func fold(_ next: () async throws -> EventBatch?, into store: SQLiteStateStore) async throws -> Int {
        let models = StandardModels.all
        let sink = RebuildSink(store: store, rebuilding: models.map { ($0.name, $0.keyspaces) })
        let lanes = models.map { FoldLane($0, sink: sink, policy: EvictionPolicy(), events: events) }
        do {
            let folded = try await pump(next, into: lanes)
            var positions: [StoredPosition] = []
            for lane in lanes { positions.append(try await lane.finish()) }
            try await sink.finish(positions: positions)
            return folded
        } catch {
            sink.abort()
            throw error
        }
    }

    /// Hands each batch to every lane in order, keeping at most `depth` batches in flight.
    private func pump(_ next: () async throws -> EventBatch?, into lanes: [FoldLane]) async throws -> Int {
        var pipeline = LanePipeline(lanes: lanes, depth: depth)
        var folded = 0
        do {
            while let batch = try await next() {
                _ = await pipeline.makeRoom()
                folded += batch.columns.count
                pipeline.send(batch)
            }
        } catch {
            await pipeline.drain()
            throw error
        }
        await pipeline.drain()
        return folded
    }
}
