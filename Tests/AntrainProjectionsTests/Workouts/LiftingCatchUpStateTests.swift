import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The lifting answers of the keyed training state caught up in steps: corrections, removals, a
/// deletion and a late weigh-in that come a catch-up after the sets they change.
@Suite("Training state caught up in steps")
struct LiftingCatchUpStateTests {
    /// A history whose corrections, removals, deletion and late bodyweight come after
    /// catch-ups of the sets they change.
    static let chunks: [[any DomainEvent]] = [
        [Lifting.exercise(1, "Bench"), Lifting.exercise(4, "Pull-Up", kind: .bodyweight),
         BodyweightRecorded(entryID: .n(900), weight: .kilograms(80), recordedAt: .at("2026-03-01T07:00:00Z")),
         Lifting.start(100, "2026-03-02T07:00:00Z"), Lifting.add(100, entry: 200, exercise: 1),
         Lifting.add(100, entry: 201, exercise: 4, position: 2),
         Lifting.set(100, entry: 200, set: 1001, .kilograms(100), 5, rpe: 8, at: "2026-03-02T07:10:00Z"),
         Lifting.set(100, entry: 200, set: 1002, .pounds(225), 3, at: "2026-03-02T07:15:00Z"),
         Lifting.set(100, entry: 201, set: 1003, .kilograms(5), 8, at: "2026-03-02T07:20:00Z")],
        [Lifting.correct(100, set: 1002, Lifting.performance(.pounds(235), 3)),
         BodyweightRecorded(entryID: .n(901), weight: .pounds(180), recordedAt: .at("2026-03-02T20:00:00Z")),
         Lifting.complete(100, "2026-03-02T08:00:00Z", seconds: 3600),
         Lifting.start(101, "2026-03-04T07:00:00Z"), Lifting.add(101, entry: 202, exercise: 1),
         Lifting.set(101, entry: 202, set: 1004, .kilograms(110), 2, at: "2026-03-04T07:10:00Z")],
        [SetRemoved(workoutID: .n(100), setID: .n(1002)), WorkoutDeleted(workoutID: .n(101)),
         ExercisesReordered(workoutID: .n(100), entryIDs: [.n(201), .n(200)]), ExerciseDeleted(exerciseID: .n(1))],
    ]

    static let models: [any KeyedReadModel.Type] = WorkoutHistory.models + PersonalRecords.models

    @Test("Caught up in three steps in the log's own store, the state is byte for byte the one folded in one go")
    func stepsEqualOneGo() async throws {
        let scratch = try await ScratchLog()
        var report: StateCatchUpReport?
        for chunk in Self.chunks {
            try await scratch.record(chunk)
            report = try await scratch.caughtUp(Self.models)
        }
        let stepped = try #require(report).store
        let oneGo = try await scratch.state(Self.models)
        #expect(try StateTesting.dump(stepped, Self.models) == StateTesting.dump(oneGo, Self.models))

        for store in [stepped, oneGo] {
            // And the outcome is the expected one: bench sets left are 1001 only (1002 removed,
            // workout 101 deleted), so the heaviest is 100 kg; the pull-up counts that day's
            // 180 lb = 81.6466266 kg + 5 kg = 86.6466266 kg.
            let records = PersonalRecords(store)
            #expect(try records.records(for: .n(1))?.heaviestWeightKg?.value == 100)
            // The totals too: bench is 1001 alone, 100 × 5; the pull-up's volume is its added load.
            let bench = try records.statistics(for: .n(1))
            #expect(bench?.sets == 1 && bench?.totalVolumeKg == 500 && bench?.sessions == 1 && bench?.isDeleted == true)
            #expect(try records.statistics(for: .n(4))?.totalVolumeKg == 40)
            #expect(Lifting.approx(try records.records(for: .n(4))?.heaviestWeightKg?.value, 86.6466266))
            // The history agrees: the pull-up first, then bench with set 1001 alone.
            let workout = try #require(try scratch.history(store).workout(.n(100)))
            #expect(workout.exercises.map(\.exerciseName) == ["Pull-Up", "Bench"])
            #expect(workout.exercises[1].sets.map(\.setID) == [.n(1001)])
        }
    }
}
