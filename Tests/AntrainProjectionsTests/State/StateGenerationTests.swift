import AntrainEvents
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A rebuild of every model the state holds writes a new generation of the state file and
/// installs it by renaming the link `state.sqlite` (docs/FORMAT.md, "Generations"): the old
/// generation stays readable to whoever has it open, every store follows the link to the new
/// one, leftovers of killed builds are removed, and a plain `state.sqlite` of an earlier build
/// keeps working until a rebuild replaces it.
@Suite("Keyed state: generations of the state file")
struct StateGenerationTests {
    static let models: [any KeyedReadModel.Type] = [TrainingProjection.self, SettingsProjection.self]

    @Test("The first build and every rebuild of all models install a new generation; the old one is removed")
    func rebuildInstallsGeneration() async throws {
        let (scratch, files) = try await Self.built(workouts: 3)
        let first = try #require(files.current())
        #expect(first.hasPrefix("state-") && first.hasSuffix(".sqlite"))

        let report = try await ProjectionStore(logDirectory: scratch.path, models: Self.models).rebuild(scratch.log)
        let second = try #require(files.current())
        #expect(second != first)
        #expect(try Self.stateFiles(scratch).filter { $0.hasPrefix(first) }.isEmpty, "the old generation and its WAL are gone")
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await scratch.state(Self.models), Self.models))
        let names = try Self.stateFiles(scratch)
        let size = try report.store.sizeInBytes(), bytes = try Self.bytes(of: scratch.path + "/projections/" + second)
        #expect(size == bytes, "\(names)")
    }

    @Test("A store open on the old generation keeps its snapshot; every ProjectionStore follows the link to the new one")
    func readersFollowTheLink() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<2, to: scratch.log)
        let long = try ProjectionStore(logDirectory: scratch.path, models: Self.models)
        let old = try await long.catchUp(scratch.log).store
        try await TallyWorkouts.append(2..<5, to: scratch.log)

        _ = try await ProjectionStore(logDirectory: scratch.path, models: Self.models).rebuild(scratch.log)
        // The old generation's file is removed, but a store that has it open still reads it.
        #expect(try scratch.history(old).workouts().count == 2)
        // The long-lived store reopens on the new generation, which is up to date already.
        let report = try await long.catchUp(scratch.log)
        #expect(report.starts.allSatisfy { $0.kind == .current }, "\(report.starts)")
        #expect(report.summary.decoded == 0)
        #expect(try scratch.history(report.store).workouts().count == 5)
    }

    @Test("Rebuilding some of the models the state holds rewrites them in the generation in use")
    func partialRebuildStaysInPlace() async throws {
        let (scratch, files) = try await Self.built(workouts: 3)
        let generation = files.current()
        let report = try await ProjectionStore(logDirectory: scratch.path, models: Self.models)
            .rebuild(scratch.log, names: [TrainingProjection.name])
        #expect(files.current() == generation)
        #expect(try StateTesting.dump(report.store, Self.models) == StateTesting.dump(try await scratch.state(Self.models), Self.models))
    }

    @Test("An install removes what killed builds left, but not a generation another build is writing")
    func leftoversAreRemoved() async throws {
        let (scratch, files) = try await Self.built(workouts: 2)
        let directory = files.directory
        let building = try files.begin()
        for name in ["state-dead.sqlite", "state-dead.sqlite-journal", "state-gone.sqlite-wal", "state.sqlite.link-1f"] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data([1])))
        }

        _ = try await ProjectionStore(logDirectory: scratch.path, models: Self.models).rebuild(scratch.log)
        let current = try #require(files.current())
        let left = try Self.stateFiles(scratch)
        #expect(left.filter { !$0.hasPrefix(current) } == [building.name, "state.lock", "state.sqlite"].sorted(), "\(left)")
        files.abandon(building)
        #expect(!FileManager.default.fileExists(atPath: building.path))
    }

    @Test("Opening the state removes the generation a killed rebuild left, and nothing else")
    func openingRemovesAKilledBuild() async throws {
        let (scratch, files) = try await Self.built(workouts: 2)
        let directory = files.directory
        let before = try Self.stateFiles(scratch).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        // A build whose process died: its file, unlocked; and one still running elsewhere.
        #expect(FileManager.default.createFile(atPath: directory + "/state-killed.sqlite", contents: Data(count: 4096)))
        let running = try files.begin()

        let report = try await scratch.caughtUp(Self.models)
        let after = try Self.stateFiles(scratch).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(after == (before + [running.name]).sorted())
        #expect(try scratch.history(report.store).workouts().count == 2)
        files.abandon(running)
    }

    @Test("A plain state.sqlite of an earlier build is read and caught up in place, then replaced by the link")
    func plainFileOfEarlierBuild() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<2, to: scratch.log)
        let directory = scratch.path + "/projections"
        let plain = directory + "/state.sqlite"
        // What an earlier build left: the state in a plain file, in WAL mode.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let earlier = try SQLiteStateStore(path: plain)
        var parallel = ParallelRebuild(store: earlier, log: scratch.log)
        parallel.batchSize = 7
        _ = try await parallel.run(Self.models, to: try await scratch.log.end().nextOffset)
        try await TallyWorkouts.append(2..<3, to: scratch.log)

        let files = StateGenerations(directory: directory)
        let caught = try await scratch.caughtUp(Self.models)
        #expect(caught.starts.allSatisfy { if case .caughtUp = $0.kind { true } else { false } }, "\(caught.starts)")
        #expect(files.current() == nil, "still the plain file")
        _ = try await ProjectionStore(logDirectory: scratch.path, models: Self.models).rebuild(scratch.log)
        let current = try #require(files.current())
        #expect(try Self.stateFiles(scratch).filter { !$0.hasPrefix(current) } == ["state.lock", "state.sqlite"])
        // The earlier store still reads its own file (caught up above), unlinked now.
        #expect(try scratch.history(earlier).workouts().count == 3)
        #expect(try scratch.history(try await scratch.caughtUp(Self.models).store).workouts().count == 3)
    }

    @Test("Opening the state writes nothing: the WAL stays empty until a catch-up writes")
    func openingWritesNothing() async throws {
        let (scratch, _) = try await Self.built(workouts: 2)
        let file = StateTesting.file(of: scratch)
        // Closed cleanly: the WAL is empty, and kept (SQLITE_FCNTL_PERSIST_WAL), so that the
        // next open need not make it again (a full disk would stop even a query).
        #expect(try Self.bytes(of: file + "-wal") == 0)
        let store = try SQLiteStateStore(path: file)
        #expect(try store.read { try $0.positions() }.count == 2)
        // GRDB's own WAL set-up wrote a table and dropped it here (two frames, 8,272 bytes).
        #expect(try Self.bytes(of: file + "-wal") == 0)
    }

    /// A log of `workouts` tally workouts whose state was built (a first generation), with
    /// the files of its state.
    static func built(workouts: Int) async throws -> (ScratchLog, StateGenerations) {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<workouts, to: scratch.log)
        _ = try await scratch.caughtUp(models)
        return (scratch, StateGenerations(directory: scratch.path + "/projections"))
    }

    /// The names in the log's projections directory, sorted.
    static func stateFiles(_ scratch: ScratchLog) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/projections").sorted()
    }

    static func bytes(of path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
