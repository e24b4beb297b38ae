import Synchronization
import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// Checkpoints: a query loads one and applies only what came after; a checkpoint from
/// another version of the projection, from another log, or damaged, is not used: the
/// projection is rebuilt from the start and the runner says why.
@Suite("Projection runtime: checkpoints")
struct CheckpointTests {
    @Test("A fresh checkpoint is restored and only later events are applied")
    func restoresAndAppliesTheRest() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<4, to: scratch.log)
        try await ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>()], checkpoints: scratch.checkpoints).catchUp()
        let saved = try #require(try scratch.checkpoints.load(SetTally.name))
        #expect(saved.position.offset == 36)  // 4 workouts × 9 events

        try await TallyWorkouts.append(4..<6, to: scratch.log)
        let projection = Projection<SetTally>()
        let report = try await ProjectionRunner(log: scratch.log, projections: [projection], checkpoints: scratch.checkpoints).catchUp()
        #expect(report.starts == [ProjectionStart(name: SetTally.name, kind: .restored(saved.position))])
        #expect(report.summary.decoded == 18, "only the two new workouts were read")
        #expect(await projection.model.offsets == Array(0..<54))
        #expect(report.savedCheckpoints == [SetTally.name])

        // Nothing new: nothing read, nothing saved.
        let again = try await ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>()], checkpoints: scratch.checkpoints).catchUp()
        #expect(again.summary.decoded == 0 && again.savedCheckpoints.isEmpty)
    }

    @Test("A checkpoint written by another version of the projection is not used: rebuilt, and said so")
    func versionChange() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<3, to: scratch.log)
        try await ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>()], checkpoints: scratch.checkpoints).catchUp()
        let projection = Projection<SetTallyV2>()
        let report = try await ProjectionRunner(log: scratch.log, projections: [projection], checkpoints: scratch.checkpoints).catchUp()
        #expect(report.starts.map(\.description) == [
            "set-tally: rebuilt from the start: its checkpoint was written by version 1 of the projection; this is version 2",
        ])
        #expect(report.summary.decoded == 27)
        #expect(await projection.model.inner.offsets == Array(0..<27))
        #expect(try scratch.checkpoints.load(SetTally.name)?.version == 2, "the new version's checkpoint replaced the old one")
    }

    @Test("A checkpoint from another log of the same length is not used: the chain hash differs")
    func replacedLog() async throws {
        let original = try await ScratchLog()
        try await TallyWorkouts.append(0..<3, to: original.log)
        try await ProjectionRunner(log: original.log, projections: [Projection<SetTally>()], checkpoints: original.checkpoints).catchUp()

        let replacement = try await ScratchLog()
        try await TallyWorkouts.append(10..<13, to: replacement.log)  // other workouts, same number of events
        try FileManager.default.createDirectory(atPath: replacement.checkpoints.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: original.checkpoints.path(for: SetTally.name),
                                         toPath: replacement.checkpoints.path(for: SetTally.name))
        let projection = Projection<SetTally>()
        let report = try await ProjectionRunner(log: replacement.log, projections: [projection], checkpoints: replacement.checkpoints).catchUp()
        guard case let .rebuilt(reason) = report.starts.first?.kind else { Issue.record("not rebuilt: \(report.starts)"); return }
        #expect(reason.contains("chain hash differs"))
        #expect(await projection.model.workouts == 3)
        #expect(await projection.model.exerciseByEntry.keys.first == UUID.n(0x2_0000 + 10 * 4), "built from the replacement's events")
    }

    @Test("A checkpoint ahead of a shorter log, and a damaged checkpoint file, are not used")
    func aheadAndDamaged() async throws {
        let long = try await ScratchLog()
        try await TallyWorkouts.append(0..<5, to: long.log)
        try await ProjectionRunner(log: long.log, projections: [Projection<SetTally>()], checkpoints: long.checkpoints).catchUp()
        let short = try await ScratchLog()
        try await TallyWorkouts.append(0..<2, to: short.log)
        try FileManager.default.createDirectory(atPath: short.checkpoints.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: long.checkpoints.path(for: SetTally.name), toPath: short.checkpoints.path(for: SetTally.name))
        let ahead = try await ProjectionRunner(log: short.log, projections: [Projection<SetTally>()], checkpoints: short.checkpoints).catchUp()
        #expect(ahead.starts.first?.description == "set-tally: rebuilt from the start: its checkpoint reflects 45 events but the log holds 18: the log was replaced or cut")

        let path = long.checkpoints.path(for: SetTally.name)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[70] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let projection = Projection<SetTally>()
        let damaged = try await ProjectionRunner(log: long.log, projections: [projection], checkpoints: long.checkpoints).catchUp()
        #expect(damaged.starts.first?.description == "set-tally: rebuilt from the start: its checkpoint cannot be used: its checksum does not match its bytes")
        #expect(await projection.model.offsets.count == 45)
        #expect(try long.checkpoints.load(SetTally.name) != nil, "a sound checkpoint replaced the damaged one")
    }

    @Test("Rebuild ignores the checkpoint of the projection named, keeps the others' and reports progress")
    func explicitRebuild() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<6, to: scratch.log)
        let store = scratch.checkpoints
        try await ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>(), Projection<SetCountByType>()], checkpoints: store).catchUp()
        let seen = ProgressLog()
        let runner = ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>(), Projection<SetCountByType>()],
                                      checkpoints: store, batchSize: 9)
        let report = try await runner.rebuild([SetTally.name]) { seen.add($0) }
        #expect(report.starts.map(\.description).sorted() == [
            "count-by-type: restored from its checkpoint at offset 54 (block hash \(try #require(try store.load("count-by-type")).position.chainHash.description.prefix(12)))",
            "set-tally: rebuilt from the start: a rebuild was asked for",
        ])
        #expect(report.summary.decoded == 54)
        let progress = seen.values
        #expect(progress.last?.offset == 54 && progress.last?.fraction == 1)
        #expect(progress.count >= 2 && progress.map(\.offset) == progress.map(\.offset).sorted())
        await #expect(throws: ProjectionError.unknownProjection("nope", known: ["set-tally", "count-by-type"])) {
            try await runner.rebuild(["nope"])
        }
    }

    @Test("The checkpoint file format reads back what it wrote, and refuses truncations")
    func fileFormat() throws {
        var model = SetTally()
        model.workouts = 3
        model.offsets = [0, 1, 2]
        let checkpoint = try Checkpoint(name: SetTally.name, version: 1, position: LogPosition(offset: 3, chainHash: ChainHash(bytes: Array(repeating: 7, count: 32))), state: model)
        let bytes = checkpoint.encoded()
        #expect(Array(bytes[0..<8]) == Array("ANTRCKPT".utf8))
        let back = try Checkpoint.decode(bytes, file: "x")
        #expect(back == checkpoint)
        #expect(try back.state(as: SetTally.self) == model)
        for length in 0..<bytes.count {
            #expect(throws: CheckpointError.self) { try Checkpoint.decode(Array(bytes[0..<length]), file: "x") }
        }
    }
}

/// Progress reports collected from a `@Sendable` callback.
final class ProgressLog: Sendable {
    private let storage = Mutex<[ReplayProgress]>([])
    func add(_ progress: ReplayProgress) { storage.withLock { $0.append(progress) } }
    var values: [ReplayProgress] { storage.withLock { $0 } }
}

/// Saving runs several projections at once (as many as there are cores): every checkpoint and
/// digest still lands, whole, in its own file.
@Suite("Projection runtime: saving many checkpoints at once")
struct ConcurrentCheckpointSaveTests {
    @Test("A rebuild of every standard projection saves each checkpoint and digest as its projection holds it")
    func everyCheckpointAndDigestIsSaved() async throws {
        let scratch = try await DigestTests.generatedLog(seed: 33)
        let projections = LegacyStandardProjections().all
        #expect(projections.count > ProcessInfo.processInfo.activeProcessorCount, "more projections than run at once")
        let report = try await ProjectionRunner(log: scratch.log, projections: projections, checkpoints: scratch.checkpoints).rebuild()
        #expect(report.savedCheckpoints == projections.map(\.name), "listed in registration order")
        let end = try await scratch.log.end().nextOffset
        var digests = 0
        for projection in projections {
            let expected = try await projection.checkpoint()
            let stored = try #require(try scratch.checkpoints.load(projection.name))
            #expect(stored == expected, "\(projection.name): the file holds the projection's state")
            #expect(stored.position.offset == end)
            if let digest = try await projection.digestCheckpoint() {
                #expect(try scratch.checkpoints.loadDigest(projection.name) == digest, "\(projection.name)'s digest")
                digests += 1
            }
        }
        #expect(digests >= 5, "the models with digests wrote them")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.checkpoints.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "no temporary file stays behind")
    }
}
