import AntrainEvents
import AntrainGenerator
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The keyed runtime on a generated log, through the bodyweight and settings models: a store
/// caught up in random steps equals one rebuild byte for byte, a catch-up saves only what the
/// new events touched, and a store that does not sit on the log is rebuilt.
@Suite("Keyed state: the runtime")
struct KeyedRuntimeTests {
    static let models: [any KeyedReadModel.Type] = Bodyweight.models + Settings.models

    @Test("Caught up in random steps while the log grows equals one rebuild, key for key and byte for byte", arguments: [3, 11])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: seed)
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(Self.models, batches: batches, seed: seed)
        #expect(steps > 5)
        #expect(stepped == rebuilt)
        #expect((rebuilt["bodyweight/days"]?.count ?? 0) > 50, "the generated weeks hold many weigh-in days")
        #expect(rebuilt["settings/current"]?.count == 1)
    }

    @Test("A catch-up after one append folds that event alone and rewrites only its day")
    func catchUpTouchesOnlyWhatIsNew() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4), to: scratch.log)
        let first = try await scratch.caughtUp(Self.models)
        #expect(first.starts.allSatisfy { if case .rebuilt = $0.kind { true } else { false } })
        let before = try StateTesting.dump(first.store, Self.models)
        let firstHash = try #require(try positionHash(first.store, "bodyweight"))

        let day = CalendarDay(year: 2026, month: 1, day: 1)!
        try await scratch.record(BodyweightRecorded(entryID: .n(1), weight: .kilograms(80), recordedAt: day.start.adding(seconds: 3600)))
        let second = try await scratch.caughtUp(Self.models)
        #expect(second.summary.decoded == 1)
        #expect(second.starts.contains(StateStart(name: "bodyweight", kind: .caughtUp(from: LogPosition(offset: first.end,
                                                                                                        chainHash: firstHash)))))
        let after = try StateTesting.dump(second.store, Self.models)
        let changed = Set(after["bodyweight/days"]!.map(\.key)).symmetricDifference(before["bodyweight/days"]!.map(\.key))
        #expect(changed == [day.keyBytes])
        #expect(try Bodyweight(second.store, events: EventLookup(log: scratch.log)).latest()?.entryID == .n(1))
        let third = try await scratch.caughtUp(Self.models)
        #expect(third.summary.decoded == 0 && third.starts.allSatisfy { $0.kind == .current })
    }

    @Test("A store built on another log is rebuilt, and says why")
    func replacedLogIsDetected() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(200), to: scratch.log)
        _ = try await scratch.caughtUp(Self.models)
        let other = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 9).prefix(300), to: other.log)
        try FileManager.default.createDirectory(atPath: other.path + "/projections", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: StateTesting.file(of: scratch), toPath: other.path + "/projections/state.sqlite")
        let report = try await other.caughtUp(Self.models)
        for start in report.starts {
            guard case let .rebuilt(reason) = start.kind else { Issue.record("\(start) was not rebuilt"); continue }
            #expect(reason.contains("the log was replaced"), "\(reason)")
        }
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await other.state(Self.models), Self.models))
    }

    @Test("A model of another version is rebuilt; old checkpoint files are removed on first use")
    func versionsAndLegacyFiles() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(100), to: scratch.log)
        let directory = scratch.path + "/projections"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["bodyweight.checkpoint", "personal-records.digest"] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data([1, 2, 3]))
        }
        let first = try await scratch.caughtUp(Self.models)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix("state") }.isEmpty)
        let hash = try #require(try positionHash(first.store, "bodyweight"))
        try first.store.write { state in
            try state.setPosition(StoredPosition(projection: "bodyweight", version: 1, position: LogPosition(offset: first.end, chainHash: hash)))
        }
        let second = try await scratch.caughtUp(Self.models)
        #expect(second.starts.first { $0.name == "bodyweight" }?.kind
            == .rebuilt(reason: "its state was written by version 1 of the projection; this is version \(BodyweightProjection.version)"))
    }

    private func positionHash(_ store: any KeyedStateStore, _ name: String) throws -> ChainHash? {
        try store.read { try $0.positions()[name]?.position.chainHash }
    }
}
