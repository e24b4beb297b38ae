import AntrainEvents

/// Hands batches of events to fold lanes: each lane applies every batch in order, on its
/// own, and at most `depth` batches wait for the slowest lane besides the one being read.
/// The loop of ``ParallelRebuild`` and ``BatchRebuild``, which differ only in where their
/// batches come from.
///
/// ```swift
/// var pipeline = LanePipeline(lanes: lanes, depth: 3)
/// while let batch = try next() {
///     _ = await pipeline.makeRoom()
///     pipeline.send(batch)
/// }
/// await pipeline.drain()
/// ```
struct LanePipeline {
    private let lanes: [FoldLane]
    private let depth: Int
    /// The last task of each lane: the next batch's task waits for it.
    private var tails: [Task<Void, Never>?]
    /// Batches sent and not yet applied by every lane, with the tasks applying them. The
    /// pipeline holds them, so that their events are freed (or reused) by its owner.
    private var pending: [(tasks: [Task<Void, Never>], batch: EventBatch)] = []

    /// A pipeline to `lanes`, letting `depth` batches wait for the slowest.
    init(lanes: [FoldLane], depth: Int) {
        self.lanes = lanes
        self.depth = depth
        tails = Array(repeating: nil, count: lanes.count)
    }

    /// When `depth` batches are in flight, waits until the oldest is applied by every lane
    /// and returns its events, the caller's alone again (to be filled in place); else nil.
    mutating func makeRoom() async -> EventColumns? {
        guard pending.count >= depth else { return nil }
        for task in pending[0].tasks { await task.value }
        return pending.removeFirst().batch.columns
    }

    /// Starts every lane's apply of `batch`, after its apply of the batch before.
    mutating func send(_ batch: EventBatch) {
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(lanes.count)
        for (index, lane) in lanes.enumerated() {
            let previous = tails[index]
            let task = Task {
                await previous?.value
                await lane.apply(batch)
            }
            tails[index] = task
            tasks.append(task)
        }
        pending.append((tasks, batch))
    }

    /// Waits until every batch sent is applied by every lane.
    mutating func drain() async {
        for (tasks, _) in pending { for task in tasks { await task.value } }
        pending.removeAll()
    }
}
