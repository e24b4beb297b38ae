import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// Replays are deterministic: the same log gives byte-identical read models, whether rebuilt
/// from zero or caught up incrementally in any number of steps, each step a new runner that
/// restores the checkpoint the step before saved.
@Suite("Projection runtime: determinism")
struct DeterminismTests {
    @Test("Caught up in random steps, with a checkpoint saved and restored at each, equals one rebuild byte for byte",
          arguments: [1, 2, 7, 23])
    func incrementalEqualsRebuild(seed: UInt64) async throws {
        let scratch = try await ScratchLog()
        var random = GeneratorRandom(seed: seed)
        var appended = 0
        var steps = 0
        while appended < 60 {
            let count = Int(random.next() % 9) + 1
            try await TallyWorkouts.append(appended..<(appended + count), to: scratch.log, sets: Int(random.next() % 4) + 1)
            appended += count
            let runner = ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>()], checkpoints: scratch.checkpoints,
                                          batchSize: Int(random.next() % 50) + 1)
            try await runner.catchUp()
            steps += 1
        }
        let stepped = try #require(try scratch.checkpoints.load(SetTally.name))

        let fresh = Projection<SetTally>()
        let other = CheckpointStore(directory: scratch.path + "/other-checkpoints")
        let rebuilt = try await ProjectionRunner(log: scratch.log, projections: [fresh], checkpoints: other).catchUp()
        #expect(rebuilt.starts == [ProjectionStart(name: SetTally.name, kind: .fresh)])
        let once = try #require(try other.load(SetTally.name))

        #expect(steps > 5)
        #expect(stepped.encoded() == once.encoded(), "the checkpoint files are byte-identical")
        let model = try once.state(as: SetTally.self)
        let end = try await scratch.log.end().nextOffset
        #expect(model.offsets == Array(0..<end), "every event applied once, in order")
        #expect(model.workouts == appended)
    }

    @Test("Any batch size gives the same model as a batch per event")
    func batchSizes() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<12, to: scratch.log)
        var models: [SetTally] = []
        for size in [1, 3, 64, 4096] {
            let projection = Projection<SetTally>()
            try await ProjectionRunner(log: scratch.log, projections: [projection], batchSize: size).catchUp()
            models.append(await projection.model)
        }
        #expect(Set(models.map { try! BinaryEventEncoder.encode($0) }).count == 1)
        // 12 workouts × (1 start + 2 × (1 add + 3 sets)) = 12 × 9 = 108 events.
        #expect(models[0].offsets.count == 108)
        // Squat, workout n: sets of 5, 6, 7 reps at (60 + n) + 0, 2.5, 5 kg:
        // volume = 5(60+n) + 6(62.5+n) + 7(65+n) = 1130 + 18n; n = 0…11 → 12 × 1130 + 18 × 66 = 14,748.
        #expect(models[0].totals[TallyWorkouts.squat]?.volumeKg == 14_748)
        #expect(models[0].totals[TallyWorkouts.squat]?.sets == 36)
    }

    @Test("Several projections fed by one runner each see every event once")
    func severalProjections() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<5, to: scratch.log)
        let first = Projection<SetTally>()
        let second = Projection<SetCountByType>()
        let report = try await ProjectionRunner(log: scratch.log, projections: [first, second], batchSize: 7).catchUp()
        #expect(report.summary.decoded == 45)
        #expect(await first.model.offsets == Array(0..<45))
        #expect(await second.model.counts == ["WorkoutStarted": 5, "ExerciseAddedToWorkout": 10, "SetLogged": 30])
        #expect(Set(report.savedCheckpoints).isEmpty, "no store, nothing saved")
    }
}

/// A second model, by event type name, to show two projections fed from one read.
struct SetCountByType: ReadModel, Equatable {
    static let name = "count-by-type"
    static let version = 1
    var counts: [String: Int] { Dictionary(uniqueKeysWithValues: zip(names, values)) }
    var names: [String] = []
    var values: [Int] = []
    init() {}
    private mutating func count(_ name: String) {
        if let index = names.firstIndex(of: name) { values[index] += 1 } else { names.append(name); values.append(1) }
    }
    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) { count(WorkoutStarted.eventType) }
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) { count(ExerciseAddedToWorkout.eventType) }
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { count(SetLogged.eventType) }
}
