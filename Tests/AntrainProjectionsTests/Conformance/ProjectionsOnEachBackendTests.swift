import AntrainEvents
import AntrainInMemory
import AntrainLog
import AntrainPostgres
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// ``ProjectionStore`` names only ``StateBackend``: on the season fixture, every read model
/// answers the same from the SQLite backend, the one in memory and the one on a server, after a catch-up, a
/// rebuild, catch-ups in steps and time travel; and the log in memory with the state in
/// memory (the protocols alone, no file anywhere) answers as the directory log with SQLite.
@Suite("Conformance: the projections on each state backend")
struct ProjectionsOnEachBackendTests {
    /// What the standard read models answer from `store`: their main queries over the
    /// season, as text to compare.
    static func answers(_ store: any KeyedStateStore, log: any LogReader) throws -> [String] {
        let events = EventLookup(log: log)
        let nutrition = DailyNutrition(store, events: events)
        let days = try nutrition.loggedDays()
        guard let first = days.first, let last = days.last else { return ["no days"] }
        let history = WorkoutHistory(store, events: events)
        let records = PersonalRecords(store)
        let summary = TrainingSummary(store)
        let library = Library(store)
        let programs = ProgramProgress(store)
        let bodyweight = Bodyweight(store, events: events)
        var out = ["days \(days.count) \(first) \(last)"]
        out.append("summaries \(try history.summaries())")
        out.append("latest workouts \(try history.workouts(limit: 5))")
        out.append("records \(try records.allRecords())")
        out.append("statistics \(try records.allStatistics())")
        out.append("weekly volume \(try summary.weeklyVolume(from: first, through: last))")
        out.append("sets per muscle \(try summary.setsPerMuscleGroup(from: first, through: last))")
        out.append("streaks \(try summary.streaks(today: last))")
        out.append("nutrition \(try nutrition.range(from: first, through: last))")
        out.append("a day \(try nutrition.day(days[days.count / 2]))")
        out.append("bodyweight \(try bodyweight.entries(from: first, through: last)) latest \(String(describing: try bodyweight.latest()))")
        out.append("exercises \(try library.allExercises(includingDeleted: true).map(\.name))")
        out.append("foods \(try library.allFoods().map(\.definition.name))")
        out.append("programs \(String(describing: try programs.activeProgramID())) \(String(describing: try programs.position(on: last)))")
        out.append("adherence \(String(describing: try programs.adherence(through: last)))")
        out.append("units \(try Settings(store).units())")
        return out
    }

    /// Every standard model caught up from `log` in a new store of `storage`.
    static func caughtUp(_ log: any LogReader, _ storage: StateStorage) async throws -> (answers: [String], dump: [String: [StateEntry]]) {
        let opened = try storage.open()
        let store = try ProjectionStore(backend: opened.backend, models: StandardModels.all)
        let report = try await store.catchUp(log)
        return (try answers(report.store, log: log), try StateTesting.dump(report.store, StandardModels.all))
    }

    @Test("Every read model answers the same from SQLite as from memory and from a server, and holds the same state",
          arguments: [StateStorage.memory, .postgres])
    func sameAnswers(_ storage: StateStorage) async throws {
        let season = try await ProjectionsOnEachLogTests.season(.directory)
        let sqlite = try await Self.caughtUp(season.log, .sqlite)
        let other = try await Self.caughtUp(season.log, storage)
        #expect(sqlite.answers.count > 10 && sqlite.answers[0] != "no days")
        for (mine, theirs) in zip(other.answers, sqlite.answers) { #expect(mine == theirs) }
        #expect(other.dump == sqlite.dump)
        try await season.log.close()
    }

    @Test("The protocols alone: the log in memory with the state in memory answers as the directory log with SQLite")
    func protocolsAlone() async throws {
        let directory = try await ProjectionsOnEachLogTests.season(.directory)
        let memory = try await ProjectionsOnEachLogTests.season(.memory)
        let expected = try await Self.caughtUp(directory.log, .sqlite)
        let answered = try await Self.caughtUp(memory.log, .memory)
        for (mine, theirs) in zip(answered.answers, expected.answers) { #expect(mine == theirs) }
        #expect(answered.dump == expected.dump)
        try await directory.log.close()
    }

    @Test("On each backend: catch-ups in steps equal one rebuild, a full rebuild installs a new generation, time travel agrees",
          arguments: StateStorage.allCases)
    func stepsRebuildAndTravel(_ storage: StateStorage) async throws {
        let season = try await ProjectionsOnEachLogTests.season(.memory)
        let all = try await season.log.allRecords()
        let growing = InMemoryLog()
        let opened = try storage.open()
        let store = try ProjectionStore(backend: opened.backend, models: StandardModels.all, batchSize: 1_000)
        var index = 0
        for stop in [1, 999, 3_000, all.count] {
            while index < stop {
                let record = all[index]
                try await growing.append([ProposedEvent(id: record.eventID, type: record.eventType, schemaVersion: record.schemaVersion,
                                                        payload: record.payload, recordedAt: record.recordedAt)],
                                         to: record.streamID, expectedVersion: .any)
                index += 1
            }
            #expect(try await store.catchUp(growing).end == UInt64(stop))
        }
        let stepped = try StateTesting.dump(try await store.catchUp(growing).store, StandardModels.all)
        let generation = opened.backend.currentGeneration()
        let rebuildsBefore = try (opened.backend as? PostgresStateBackend)?.rebuilds()
        let rebuilt = try await store.rebuild(growing)
        #expect(rebuilt.starts.allSatisfy { if case .rebuilt = $0.kind { true } else { false } })
        if let server = opened.backend as? PostgresStateBackend {
            #expect(try server.rebuilds() == rebuildsBefore.map { $0 + 1 }, "a rebuild of every model replaces the state in one transaction")
        } else {
            #expect(opened.backend.currentGeneration() != generation, "a rebuild of every model installs a new generation")
        }
        #expect(try StateTesting.dump(rebuilt.store, StandardModels.all) == stepped)
        let current = try await store.catchUp(growing)
        #expect(current.starts.allSatisfy { $0.kind == .current })
        let point = TimeTravelPoint.offset(UInt64(all.count / 3))
        let travelled = try await store.travel(in: growing, to: point)
        let reference = try await ProjectionStore.travel(StandardModels.all, in: season.log, to: point)
        #expect(try StateTesting.dump(travelled, StandardModels.all) == StateTesting.dump(reference, StandardModels.all))
    }

    @Test("Damage met in a catch-up sets the state aside on each backend, and the next catch-up rebuilds it",
          arguments: StateStorage.allCases)
    func damageSetAside(_ storage: StateStorage) async throws {
        let season = try await ProjectionsOnEachLogTests.season(.memory)
        let opened = try storage.open()
        let store = try ProjectionStore(backend: opened.backend, models: Bodyweight.models)
        let before = try StateTesting.dump(try await store.catchUp(season.log).store, Bodyweight.models)
        let moved = try store.setAside(damaged: StateStoreError(path: "a value that does not decode", message: "a test's damage"))
        #expect(moved != nil)
        let after = try await store.catchUp(season.log)
        #expect(after.starts.allSatisfy { if case .rebuilt = $0.kind { true } else { false } }, "\(after.starts)")
        #expect(try StateTesting.dump(after.store, Bodyweight.models) == before)
    }
}
