import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// Time travel of the keyed state (`--as-of`), ported from the memory-image models' test in
/// GeneratedLogReplayTests.swift: on a realistic generated log (three athletes, twelve weeks,
/// every kind of event, corrections and removals among them), the state of every keyed model
/// as of an instant equals the state of a log holding only what was recorded by then.
@Suite("Keyed state: time travel on a generated log")
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
}
