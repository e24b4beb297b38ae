import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// How a fold keeps its memory bounded: keys no batch touched for a while (a finished workout,
/// a past day) are written out and dropped, and loaded back from the store should a later
/// event touch them. The keys a model holds then follow what the recent batches touch, not the
/// length of the log, and the state is the same bytes as a fold that kept everything.
@Suite("Keyed state: memory of a fold")
struct FoldMemoryTests {
    @Test("Keys gone cold are written out and dropped: the keys held stay flat as the log grows, and the state keeps every byte")
    func coldKeysAreDropped() async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: 6)
        let half = try await ScratchLog(), whole = try await ScratchLog()
        try await GeneratedLogReplayTests.append(batches.prefix(batches.count / 2), to: half.log)
        try await GeneratedLogReplayTests.append(batches, to: whole.log)

        var peaks: [(kept: Int, bounded: Int)] = []
        for scratch in [half, whole] {
            let kept = try await DirectFold.run(TrainingProjection.self, log: scratch.log, batchSize: 50, measure: Self.keysHeld)
            let bounded = try await DirectFold.run(TrainingProjection.self, log: scratch.log, batchSize: 50, coldAfter: 4,
                                                   measure: Self.keysHeld)
            // Written out, dropped and loaded back, the keys end as one fold keeping them leaves them.
            let models: [any KeyedReadModel.Type] = [TrainingProjection.self]
            #expect(try StateTesting.dump(bounded.store, models) == StateTesting.dump(kept.store, models))
            peaks.append((kept.peak, bounded.peak))
        }
        print("training: most keys held, kept / bounded: half log \(peaks[0]), whole log \(peaks[1])")
        // Keeping everything, the keys held grow with the log; dropping cold keys, they do not.
        #expect(Double(peaks[1].kept) > 1.6 * Double(peaks[0].kept))
        #expect(Double(peaks[1].bounded) < 1.2 * Double(peaks[0].bounded))
        #expect(peaks[1].bounded * 5 < peaks[1].kept)
    }

    /// The keys of the training model that grow with the log: a workout, a day, an exercise's
    /// day, a piece of an exercise's sessions (those known absent included).
    static func keysHeld(_ model: TrainingProjection) -> Int {
        model.workouts.count + model.days.count + model.exerciseDays.count + model.sessions.count
    }

    @Test("A rebuild writes cold keys out every 16 batches, or after every batch once over its memory budget")
    func evictionPolicy() {
        let policy = EvictionPolicy()
        #expect(policy.period == 16 && policy.coldAfter == 24 && policy.memoryBudget == 192 << 20)
        // Not before the first keys can have gone 24 batches untouched.
        #expect(policy.coldBefore(batch: 24, resident: 1 << 40) == nil)
        // Every 16th batch: keys untouched for the last 24 batches.
        #expect(policy.coldBefore(batch: 32, resident: 0) == 8)
        #expect(policy.coldBefore(batch: 48, resident: 0) == 24)
        #expect(policy.coldBefore(batch: 33, resident: 192 << 20) == nil)
        // Over the budget, after every batch.
        #expect(policy.coldBefore(batch: 33, resident: (192 << 20) + 1) == 9)
        #expect(policy.coldBefore(batch: 25, resident: 1 << 30) == 1)
    }
}
