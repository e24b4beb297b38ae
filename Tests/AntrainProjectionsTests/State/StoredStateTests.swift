import AntrainEvents
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// Which stored state a catch-up trusts: a model's position is used only when it sits on this
/// very log (the block ending there has the chain hash it recorded); state from another log of
/// the same length, or from a longer one, is rebuilt, and the report says why. A rebuild asked
/// for by name rebuilds that model alone and reports its progress.
@Suite("Keyed state: which stored state is used")
struct StoredStateTests {
    static let models: [any KeyedReadModel.Type] = [TrainingProjection.self, SettingsProjection.self]

    @Test("State built on another log of the same length is rebuilt: the chain hash differs")
    func sameLengthOtherLog() async throws {
        let original = try await ScratchLog()
        try await TallyWorkouts.append(0..<3, to: original.log)
        _ = try await original.caughtUp(Self.models)
        // Other workouts, the same number of events in the same blocks.
        let replacement = try await ScratchLog()
        try await TallyWorkouts.append(10..<13, to: replacement.log)
        try Self.copyStore(from: original, to: replacement)

        let report = try await replacement.caughtUp(Self.models)
        #expect(report.starts.count == 2)
        for start in report.starts {
            guard case let .rebuilt(reason) = start.kind else { Issue.record("\(start) was not rebuilt"); continue }
            #expect(reason.contains("chain hash differs") && reason.contains("the log was replaced"), "\(reason)")
        }
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await replacement.state(Self.models), Self.models))
        let ids = try replacement.history(report.store).workouts().map(\.id)
        #expect(Set(ids) == Set((10..<13).map { UUID.n(0x1_0000 + $0) }), "built from the replacement's events")
    }

    @Test("State ahead of a shorter log is rebuilt: the log was replaced or cut")
    func aheadOfTheLog() async throws {
        let long = try await ScratchLog()
        try await TallyWorkouts.append(0..<5, to: long.log)
        _ = try await long.caughtUp(Self.models)
        let short = try await ScratchLog()
        try await TallyWorkouts.append(0..<2, to: short.log)
        try Self.copyStore(from: long, to: short)

        let report = try await short.caughtUp(Self.models)
        // 5 workouts of 9 events stored; the log holds 2 of them.
        #expect(report.starts.map(\.description) == Self.models.map {
            "\($0.name): rebuilt from the start: its state reflects 45 events but the log holds 18: the log was replaced or cut"
        })
        #expect(try short.history(report.store).workouts().count == 2)
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await short.state(Self.models), Self.models))
    }

    @Test("A rebuild by name rebuilds that model, catches the others up and reports its progress; an unknown name is refused")
    func rebuildByName() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<4, to: scratch.log)
        let first = try await scratch.caughtUp(Self.models)
        let settingsAt = try #require(try first.store.read { try $0.positions()[SettingsProjection.name] }).position
        #expect(settingsAt.offset == 36)
        try await TallyWorkouts.append(4..<6, to: scratch.log)

        let seen = ProgressLog()
        let store = try ProjectionStore(logDirectory: scratch.path, models: Self.models, batchSize: 9)
        let report = try await store.rebuild(scratch.log, names: [TrainingProjection.name]) { seen.add($0) }
        #expect(report.starts == [StateStart(name: TrainingProjection.name, kind: .rebuilt(reason: "a rebuild was asked for")),
                                  StateStart(name: SettingsProjection.name, kind: .caughtUp(from: settingsAt))])
        // The rebuild reads all 54 events; the settings' catch-up the 18 appended since.
        #expect(report.summary.decoded == 54 + 18)
        let progress = seen.values
        #expect(progress.count >= 2 && progress.map(\.offset) == progress.map(\.offset).sorted())
        #expect(progress.last?.offset == 54 && progress.last?.fraction == 1 && progress.last?.events == 54)
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await scratch.state(Self.models), Self.models))
        await #expect(throws: ProjectionError.unknownProjection("nope", known: [TrainingProjection.name, SettingsProjection.name])) {
            try await store.rebuild(scratch.log, names: ["nope"])
        }
    }

    /// Copies the state store of `source`'s log into `target`'s, as if it had been built there.
    private static func copyStore(from source: ScratchLog, to target: ScratchLog) throws {
        let directory = target.path + "/projections"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: StateTesting.file(of: source), toPath: directory + "/state.sqlite")
    }
}

/// Progress reports collected from a `@Sendable` callback.
final class ProgressLog: Sendable {
    private let storage = Locked<[ReplayProgress]>([])

    /// Keeps one report.
    func add(_ progress: ReplayProgress) { storage.withLock { $0.append(progress) } }

    /// The reports, in the order they came.
    var values: [ReplayProgress] { storage.withLock { $0 } }
}
