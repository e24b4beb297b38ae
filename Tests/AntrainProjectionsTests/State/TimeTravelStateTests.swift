import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// Time travel of the keyed state (`--as-of`): as of an instant, the state equals that of a
/// log holding only what was recorded by then, on hand-made workouts (instants before, inside
/// and after the log) and on a realistic generated log (three athletes, twelve weeks, every
/// kind of event); as of an offset, it includes the event at that offset and none after; and
/// the log's own store is neither read nor written.
@Suite("Keyed state: time travel")
struct TimeTravelStateTests {
    @Test("Time travel to an instant equals the log cut there, for every keyed model, key for key and byte for byte")
    func timeTravelEqualsTruncatedLog() async throws {
        let models = StandardModels.all
        let batches = try GeneratedLogReplayTests.batches(seed: 8)
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(batches, to: scratch.log)
        let instant = batches[batches.count * 3 / 5].time
        let truncated = try await ScratchLog()
        try await GeneratedLogReplayTests.append(batches.prefix { $0.time <= instant }, to: truncated.log)

        let travelled = try await ProjectionStore.travel(models, in: scratch.log, to: .instant(instant))
        let travelledDump = try StateTesting.dump(travelled, models)
        // The cut log folded in memory, and caught up in its own store: the same state.
        for cut in try await truncated.stores(models) {
            let cutDump = try StateTesting.dump(cut, models)
            #expect(travelledDump.keys.sorted() == cutDump.keys.sorted())
            for (keyspace, entries) in cutDump {
                #expect(travelledDump[keyspace] == entries, "\(keyspace)")
            }
        }
        #expect(Set(travelledDump.keys) == Set(models.flatMap { $0.keyspaces.map(\.description) }))

        let workouts = try scratch.history(travelled).summaries().count
        let allWorkouts = try scratch.history(try await scratch.state(WorkoutHistory.models)).summaries().count
        #expect(workouts > 0 && workouts < allWorkouts, "the cut is inside the history: \(workouts) of \(allWorkouts)")
        // Every model holds something as of the instant.
        for model in models {
            #expect(model.keyspaces.contains { !(travelledDump[$0.description]?.isEmpty ?? true) }, "\(model.name) holds something")
        }
    }

    @Test("As of an instant equals a log holding only the events recorded until then; the log's own store is untouched",
          arguments: [("2026-01-01T06:59:59Z", 0, 0), ("2026-01-01T07:03:00Z", 1, 2), ("2026-01-04T07:05:30Z", 4, 21),
                      ("2026-01-08T00:00:00Z", 7, 42), ("2027-01-01T00:00:00Z", 8, 48)])
    func asOfInstant(instant: String, workouts: Int, sets: Int) async throws {
        let models = WorkoutHistory.models
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<8, to: scratch.log)
        let own = try await scratch.caughtUp(models).store
        let before = try StateTesting.dump(own, models)
        let positions = try own.read { try $0.positions() }

        let travelled = try await ProjectionStore.travel(models, in: scratch.log, to: .instant(.at(instant)))

        // The cut log: a copy of every event recorded at or before the instant.
        let truncated = try await ScratchLog()
        let limit = Timestamp.at(instant).microsecondsSince1970
        for number in 0..<8 {
            let start = Timestamp.at("2026-01-01T07:00:00Z").adding(seconds: Double(number) * 86_400)
            let kept = TallyWorkouts.workout(number, sets: 3, start: start).filter { ($0.recordedAt?.microsecondsSince1970 ?? 0) <= limit }
            if !kept.isEmpty { try await truncated.log.append(kept) }
        }
        #expect(try StateTesting.dump(travelled, models) == StateTesting.dump(try await truncated.state(models), models))
        // A workout a day from 2026-01-01 07:00, its events a minute apart: start, squat and its
        // three sets, bench and its three. 07:03 holds the start, the squat and two sets; by
        // 2026-01-04 07:05:30 three whole workouts and the fourth's squat sets are in.
        let history = try scratch.history(travelled).workouts(WorkoutFilter(includeDeleted: true))
        #expect(history.count == workouts && history.flatMap { $0.exercises.flatMap(\.sets) }.count == sets)
        #expect(try StateTesting.dump(own, models) == before && own.read { try $0.positions() } == positions)
    }

    @Test("As of an offset includes the event at that offset and none after",
          arguments: [(0, 1, 0), (8, 1, 6), (9, 2, 6), (13, 2, 9), (26, 3, 18), (1000, 3, 18)])
    func asOfOffset(offset: UInt64, workouts: Int, sets: Int) async throws {
        let scratch = try await ScratchLog()
        // 3 workouts of 9 events: offsets 0 to 26; each starts at 9 × its number.
        try await TallyWorkouts.append(0..<3, to: scratch.log)
        let store = try await ProjectionStore.travel(WorkoutHistory.models, in: scratch.log, to: .offset(offset))
        let history = try scratch.history(store).workouts(WorkoutFilter(includeDeleted: true))
        // Offset 9 is the second workout's start; 10 its squat, 11 to 13 the squat's sets.
        #expect(history.count == workouts && history.flatMap { $0.exercises.flatMap(\.sets) }.count == sets)
    }
}
