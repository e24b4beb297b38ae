import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A log grown in random steps with a catch-up after each (``StateTesting`` itself, the dumps
/// and the folded state, is in AntrainTestSupport: the recorder's tests use it too).
extension StateTesting {
    /// Appends `batches` to a new log in random steps, catching `models` up in the log's own
    /// store after each step (with random batch sizes), then rebuilds them into another store
    /// from the whole log: the two dumps, and the number of steps.
    static func steppedAndRebuilt(_ models: [any KeyedReadModel.Type], batches: [GeneratedBatch], seed: UInt64,
                                  maxStep: Int = 80) async throws -> (stepped: [String: [StateEntry]], rebuilt: [String: [StateEntry]], steps: Int) {
        let scratch = try await ScratchLog("stepped")
        var random = GeneratorRandom(seed: seed)
        var done = 0
        var steps = 0
        var last: StateCatchUpReport?
        while done < batches.count {
            let count = min(batches.count - done, Int(random.next() % UInt64(maxStep)) + 1)
            try await GeneratedLogReplayTests.append(batches[done..<(done + count)], to: scratch.log)
            done += count
            let store = try ProjectionStore(logDirectory: scratch.path, models: models, batchSize: Int(random.next() % 3000) + 1)
            last = try await store.catchUp(scratch.log)
            steps += 1
        }
        let stepped = try dump(try #require(last).store, models)
        let rebuilt = try dump(try await ProjectionStore.travel(models, in: scratch.log, to: .offset(.max)), models)
        return (stepped, rebuilt, steps)
    }
}
