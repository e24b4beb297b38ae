import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// Every standard read model on a realistic generated log (three athletes, twelve weeks: every
/// kind of event, corrections and removals among them): caught up in random steps while the
/// log grows equals one rebuild, checkpoint file for checkpoint file; time travel to an
/// instant equals a log holding only what was recorded by then.
@Suite("Projection runtime: every read model on a generated log")
struct GeneratedLogReplayTests {
    static let library: GeneratorLibrary = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try! GeneratorLibrary(presets: LibraryPresets.load(from: root.appendingPathComponent("fixtures/library")))
    }()

    static func batches(seed: UInt64) throws -> [GeneratedBatch] {
        let generator = try LogGenerator(athletes: 3, weeks: 12, seed: seed, startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
                                         library: library)
        return Array(generator.batches())
    }

    static func append(_ batches: some Sequence<GeneratedBatch>, to log: EventLog) async throws {
        for batch in batches { try await log.append(batch.events, expectedVersion: batch.expectedVersion) }
    }

    @Test("Caught up in random steps while the log grows, every model's checkpoint equals one rebuild's byte for byte")
    func stepwiseEqualsRebuild() async throws {
        let batches = try Self.batches(seed: 5)
        let scratch = try await ScratchLog()
        var random = GeneratorRandom(seed: 99)
        var done = 0
        var steps = 0
        while done < batches.count {
            let count = min(batches.count - done, Int(random.next() % 80) + 1)
            try await Self.append(batches[done..<(done + count)], to: scratch.log)
            done += count
            let runner = ProjectionRunner(log: scratch.log, projections: LegacyStandardProjections().all, checkpoints: scratch.checkpoints,
                                          batchSize: Int(random.next() % 3000) + 1)
            try await runner.catchUp()
            steps += 1
        }
        let rebuiltStore = CheckpointStore(directory: scratch.path + "/rebuilt")
        let report = try await ProjectionRunner(log: scratch.log, projections: LegacyStandardProjections().all, checkpoints: rebuiltStore).catchUp()
        print("generated log: \(batches.count) batches, \(report.summary.decoded) events decoded, \(steps) steps")
        #expect(report.summary.decoded > 3_000)
        #expect(report.summary.skipped == 0)
        #expect(steps > 5)
        for name in LegacyStandardProjections.names {
            let stepped = try #require(try scratch.checkpoints.load(name))
            let once = try #require(try rebuiltStore.load(name))
            #expect(stepped.encoded() == once.encoded(), "\(name)")
            #expect(once.stateBytes.count > 8, "\(name) holds something")
        }
    }

    @Test("Time travel to an instant equals the log cut there, for every model")
    func timeTravelEqualsTruncatedLog() async throws {
        let batches = try Self.batches(seed: 8)
        let scratch = try await ScratchLog()
        try await Self.append(batches, to: scratch.log)
        let instant = batches[batches.count * 3 / 5].time
        let truncated = try await ScratchLog()
        try await Self.append(batches.prefix { $0.time <= instant }, to: truncated.log)

        let travelled = LegacyStandardProjections()
        try await ProjectionRunner.travel(travelled.all, in: scratch.log, asOf: .instant(instant))
        let cut = LegacyStandardProjections()
        try await ProjectionRunner(log: truncated.log, projections: cut.all).catchUp()
        for (left, right) in zip(travelled.all, cut.all) {
            let a = try await left.checkpoint().stateBytes
            let b = try await right.checkpoint().stateBytes
            #expect(a == b, "\(left.name)")
        }
        let workouts = await travelled.workoutHistory.read { $0.summaries().count }
        let allWorkouts = try await scratch.model(LegacyWorkoutHistory.self).summaries().count
        #expect(workouts > 0 && workouts < allWorkouts, "the cut is inside the history: \(workouts) of \(allWorkouts)")
    }

    @Test("Personal records folded in parts per batch equal a whole fold of every exercise, byte for byte")
    func partialFoldsEqualWholeFolds() async throws {
        let scratch = try await ScratchLog()
        try await Self.append(try Self.batches(seed: 13), to: scratch.log)
        let projection = Projection<LegacyPersonalRecords>()
        try await ProjectionRunner(log: scratch.log, projections: [projection], batchSize: 97).catchUp()
        var whole = await projection.model
        let parts = try BinaryEventEncoder.encode(whole)
        for index in whole.books.values.indices { whole.books.values[index].recompute() }
        #expect(try BinaryEventEncoder.encode(whole) == parts)
        #expect(whole.books.values.contains { $0.sets.contains(where: \.removed) }, "removals were folded")
    }
}
