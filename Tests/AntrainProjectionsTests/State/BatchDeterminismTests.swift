import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// Folds are deterministic whatever the batches, and models folded together share one read of
/// the log: every event decoded once, however many models are folded.
@Suite("Keyed state: batches and one read")
struct BatchDeterminismTests {
    static let models = StandardModels.all

    /// Squat and bench in the library, then `workouts` of ``TallyWorkouts``: 2 + 9 × workouts events.
    static func log(workouts: Int) async throws -> ScratchLog {
        let scratch = try await ScratchLog()
        try await scratch.record([Lifting.exercise(0x5001, "Squat"), Lifting.exercise(0x5002, "Bench")])
        try await TallyWorkouts.append(0..<workouts, to: scratch.log)
        return scratch
    }

    @Test("Any batch size gives the same state as a batch per event, rebuilt and caught up", arguments: [3, 64, 4096])
    func batchSizes(size: Int) async throws {
        let scratch = try await Self.log(workouts: 12)
        var dumps: [[String: [StateEntry]]] = []
        for (index, batchSize) in [1, size].enumerated() {
            let store = try ProjectionStore(logDirectory: scratch.path + "/\(index)", models: Self.models, batchSize: batchSize)
            let report = try await store.rebuild(scratch.log)
            // 12 workouts × (1 start + 2 × (1 add + 3 sets)) = 108 events, after the 2 exercises.
            #expect(report.summary.decoded == 110)
            dumps.append(try StateTesting.dump(report.store, Self.models))
        }
        #expect(dumps[0] == dumps[1])
        // Caught up on top of the log's own store, in steps of a workout, the same again.
        let stepped = try await ScratchLog()
        try await stepped.record([Lifting.exercise(0x5001, "Squat"), Lifting.exercise(0x5002, "Bench")])
        var last: StateCatchUpReport?
        for number in 0..<12 {
            try await TallyWorkouts.append(number..<(number + 1), to: stepped.log)
            last = try await ProjectionStore(logDirectory: stepped.path, models: Self.models, batchSize: size).catchUp(stepped.log)
        }
        let report = try #require(last)
        #expect(try StateTesting.dump(report.store, Self.models) == dumps[0])

        // Squat, workout n: sets of 5, 6, 7 reps at (60 + n) + 0, 2.5, 5 kg: volume 5(60 + n) +
        // 6(62.5 + n) + 7(65 + n) = 1130 + 18n; n = 0…11 → 12 × 1130 + 18 × 66 = 14,748 kg.
        let squat = try #require(try PersonalRecords(report.store).statistics(for: TallyWorkouts.squat))
        #expect(squat.exercise == "Squat" && squat.totalVolumeKg == 14_748 && squat.sets == 36 && squat.sessions == 12)
    }

    @Test("Every model caught up at once decodes each new event once")
    func oneReadForAll() async throws {
        let scratch = try await Self.log(workouts: 5)
        let first = try await scratch.caughtUp(Self.models)
        #expect(first.summary.decoded == 47)
        try await TallyWorkouts.append(5..<10, to: scratch.log)
        let second = try await scratch.caughtUp(Self.models)
        // Seven models behind at the same position share one read of the 45 new events.
        #expect(second.starts.count == Self.models.count)
        #expect(second.starts.allSatisfy { if case .caughtUp = $0.kind { true } else { false } })
        #expect(second.summary.decoded == 45)
        let workouts = try scratch.history(second.store).workouts()
        #expect(workouts.count == 10 && workouts.allSatisfy { $0.exercises.map(\.exerciseName) == ["Squat", "Bench"] })
        #expect(try PersonalRecords(second.store).statistics(for: TallyWorkouts.bench)?.sets == 30)
    }
}
