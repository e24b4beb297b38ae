import AntrainEvents

/// Hands batches to projections that each apply them in order at their own pace, at most
/// ``depth`` batches behind the reader.
///
/// ```swift
/// var lanes = ApplyLanes(projections: projections)
/// for batch in batches { await lanes.send(batch) }   // waits only when `depth` are pending
/// await lanes.finish()                                // every projection applied every batch
/// ```
///
/// Projections cost very different amounts per event. Handing each batch to all of them and
/// waiting for the slowest before the next left the cores idle while one projection
/// finished; here each projection has its own lane, a chain of tasks where each waits for the
/// one before it (so a projection sees batches in log order), and the reader only waits when
/// the slowest lane is `depth` batches behind. Memory stays bounded: at most `depth` batches
/// are held, besides the one being read.
struct ApplyLanes {
    let projections: [any ProjectionHost]
    /// How many batches may be pending (read, not yet applied by every projection).
    let depth: Int
    /// Each lane's last task: the next batch's task of that lane waits for it.
    private var tails: [Task<Void, Never>?]
    /// Pending batches, oldest first, with the tasks applying them. The batches are held here
    /// so that they are freed by the reader's loop, which allocated their events, and not by
    /// another thread (freeing across threads contends for the allocator's arena lock).
    private var pending: [(tasks: [Task<Void, Never>], batch: EventBatch)] = []

    /// Lanes for `projections`, each a lane, with at most `depth` batches pending.
    init(projections: [any ProjectionHost], depth: Int = 3) {
        self.projections = projections
        self.depth = max(1, depth)
        tails = Array(repeating: nil, count: projections.count)
    }

    /// Queues `batch` on every lane, after waiting for the oldest pending batch when `depth`
    /// are pending. Returns that batch's events, applied by every lane, for the caller to
    /// fill again: a batch buffer used over and over keeps its pages, where a fresh one per
    /// batch had the kernel fault in and clear megabytes for each.
    @discardableResult
    mutating func send(_ batch: EventBatch) async -> EventColumns? {
        var retired: EventColumns?
        if pending.count >= depth { retired = await retireOldest() }
        var tasks: [Task<Void, Never>] = []
        tasks.reserveCapacity(projections.count)
        for (lane, projection) in projections.enumerated() {
            let previous = tails[lane]
            let task = Task {
                await previous?.value
                await projection.apply(batch)
            }
            tails[lane] = task
            tasks.append(task)
        }
        pending.append((tasks, batch))
        return retired
    }

    /// Waits until every projection has applied every batch sent.
    mutating func finish() async {
        while !pending.isEmpty { await retireOldest() }
    }

    /// Waits for the oldest pending batch to be applied everywhere; returns its events.
    @discardableResult
    private mutating func retireOldest() async -> EventColumns {
        for task in pending[0].tasks { await task.value }
        return pending.removeFirst().batch.columns
    }
}
