import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// Hand-worked workouts asked through the keyed facade (the expectations are those the
// memory-image model met before it), checked on the log folded into a store in memory and on
// the log's own store caught up.

/// Bench (1) and squat (2) in workout 100, with a correction, a removed set, a removed
/// exercise and a new order; then notes, RPE and completion.
private func pushDay(_ scratch: ScratchLog) async throws {
    try await scratch.record([
        Lifting.exercise(1, "Bench Press"), Lifting.exercise(2, "Squat"),
        Lifting.start(100, "2026-03-02T07:00:00Z", name: "Push"),
        Lifting.add(100, entry: 200, exercise: 1, position: 1), Lifting.add(100, entry: 201, exercise: 2, position: 2),
        Lifting.add(100, entry: 202, exercise: 1, position: 3),
        Lifting.set(100, entry: 200, set: 1001, .kilograms(60), 10, type: .warmup, at: "2026-03-02T07:05:00Z"),
        Lifting.set(100, entry: 200, set: 1002, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"),
        Lifting.set(100, entry: 200, set: 1003, .pounds(225), 3, at: "2026-03-02T07:15:00Z"),
        Lifting.set(100, entry: 200, set: 1004, .kilograms(100), 5, completed: false, at: "2026-03-02T07:20:00Z"),
        Lifting.set(100, entry: 201, set: 1005, .kilograms(140), 5, at: "2026-03-02T07:30:00Z"),
        Lifting.set(100, entry: 201, set: 1006, .kilograms(140), 5, at: "2026-03-02T07:35:00Z"),
        Lifting.set(100, entry: 202, set: 1007, .kilograms(50), 12, at: "2026-03-02T07:40:00Z"),
        Lifting.correct(100, set: 1002, Lifting.performance(.kilograms(102.5), 5)),
        SetRemoved(workoutID: .n(100), setID: .n(1006)),
        ExerciseRemovedFromWorkout(workoutID: .n(100), entryID: .n(202)),
        ExercisesReordered(workoutID: .n(100), entryIDs: [.n(201), .n(200)]),
        WorkoutNotesChanged(workoutID: .n(100), notes: "Felt strong"), WorkoutRPERecorded(workoutID: .n(100), rpe: 8),
        Lifting.complete(100, "2026-03-02T08:00:00Z", seconds: 3300),
    ])
}

/// The workout histories of `scratch`: folded in memory, and the log's store caught up.
private func histories(_ scratch: ScratchLog) async throws -> [WorkoutHistory] {
    try await scratch.stores(WorkoutHistory.models).map { scratch.history($0) }
}

@Suite("Workout history (keyed state)")
struct WorkoutHistoryStateTests {
    @Test("A workout in full after corrections, removals and a new order; volume in kg of completed working sets")
    func fullWorkout() async throws {
        let scratch = try await ScratchLog()
        try await pushDay(scratch)
        for history in try await histories(scratch) {
            let workout = try #require(try history.workout(.n(100)))
            #expect(workout.status == .completed && workout.name == "Push" && workout.type == .lifting)
            #expect(workout.endedAt == .at("2026-03-02T08:00:00Z") && workout.durationSeconds == 3300)
            #expect(workout.notes == "Felt strong" && workout.rpe == 8)
            // Reordered: squat first; the second bench entry (202) was removed.
            #expect(workout.exercises.map(\.exerciseName) == ["Squat", "Bench Press"])
            #expect(workout.exercises[0].sets.map(\.setID) == [.n(1005)])
            #expect(workout.exercises[1].sets.map(\.setID) == [.n(1001), .n(1002), .n(1003), .n(1004)])
            #expect(workout.exercises[1].sets[1].performance.weight == .kilograms(102.5) && workout.exercises[1].sets[1].isCorrected)
            // Completed sets: 1001 (warm-up), 1002, 1003, 1005 = 4; 1004 was not completed.
            #expect(workout.completedSets == 4)
            // Volume: 102.5 × 5 = 512.5, 225 lb = 102.05828325 kg × 3 = 306.17484975, 140 × 5 = 700;
            // 512.5 + 306.17484975 + 700 = 1518.67484975 (the warm-up's 600 is left out).
            #expect(Lifting.approx(workout.volumeKg, 1518.67484975))
            let summary = try #require(try history.summaries().first)
            #expect(summary.id == .n(100) && summary.sets == 4 && Lifting.approx(summary.volumeKg, 1518.67484975))
            #expect(summary.name == "Push" && summary.status == .completed && summary.startedAt == .at("2026-03-02T07:00:00Z"))
        }
    }

    @Test("A workout a crash cut short stays active and is the one to resume")
    func crashInterruptedWorkout() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"),
            Lifting.start(101, "2026-03-03T07:00:00Z"), Lifting.complete(101, "2026-03-03T08:00:00Z", seconds: 3600),
            Lifting.start(102, "2026-03-04T07:00:00Z"), WorkoutCancelled(workoutID: .n(102), cancelledAt: .at("2026-03-04T07:10:00Z")),
            Lifting.start(103, "2026-03-05T07:00:00Z"), Lifting.add(103, entry: 203, exercise: 1),
            Lifting.set(103, entry: 203, set: 1010, .kilograms(80), 8, at: "2026-03-05T07:10:00Z"),
            // The app stopped here: no completion, no cancellation.
        ])
        for history in try await histories(scratch) {
            let active = try #require(try history.activeWorkout())
            #expect(active.id == .n(103) && active.status == .active && active.endedAt == nil)
            #expect(active.exercises.first?.sets.map(\.setID) == [.n(1010)])
            // Cancelled after 10 minutes: 600 s from start to cancellation.
            #expect(try history.workout(.n(102))?.status == .cancelled && history.workout(.n(102))?.durationSeconds == 600)
            #expect(try history.summaries().map(\.status) == [.active, .cancelled, .completed])
        }
    }

    @Test("Quick logs, deleted workouts and the filters by date, type and exercise")
    func filters() async throws {
        let scratch = try await ScratchLog()
        try await pushDay(scratch)
        // The log's store caught up once before the rest: the rest is a catch-up on top of it.
        _ = try await scratch.caughtUp(WorkoutHistory.models)
        try await scratch.record([
            CardioLogged(workoutID: .n(104), activity: .run, startedAt: .at("2026-03-03T06:00:00Z"), name: "Easy run",
                         distanceMetres: 5000, durationSeconds: 1500, paceSecondsPerKilometre: 300),
            MetconLogged(workoutID: .n(105), format: .amrap, startedAt: .at("2026-03-04T18:00:00Z"), rounds: 12,
                         durationSeconds: 1200, result: "12 rounds + 5"),
            Lifting.start(106, "2026-03-06T07:00:00Z"), Lifting.add(106, entry: 206, exercise: 2),
            Lifting.set(106, entry: 206, set: 1020, .kilograms(150), 3, at: "2026-03-06T07:10:00Z"),
            WorkoutDeleted(workoutID: .n(106)),
            Lifting.set(106, entry: 206, set: 1021, .kilograms(150), 3, at: "2026-03-06T07:15:00Z"),
        ])
        for history in try await histories(scratch) {
            // Newest first; the deleted workout 106 is left out.
            #expect(try history.summaries().map(\.id) == [.n(105), .n(104), .n(100)])
            let cardio = try #require(try history.workout(.n(104)))
            #expect(cardio.type == .cardio && cardio.status == .completed && cardio.name == "Easy run")
            #expect(cardio.cardio?.distanceMetres == 5000 && cardio.cardio?.paceSecondsPerKilometre == 300)
            // 06:00 + 1500 s = 06:25.
            #expect(cardio.endedAt == .at("2026-03-03T06:25:00Z"))
            #expect(try history.workout(.n(105))?.metcon?.rounds == 12 && history.workout(.n(105))?.metcon?.format == .amrap)

            #expect(try history.summaries(WorkoutFilter(type: .cardio)).map(\.id) == [.n(104)])
            #expect(try history.summaries(WorkoutFilter(from: .on("2026-03-03"), to: .on("2026-03-04"))).map(\.id) == [.n(105), .n(104)])
            #expect(try history.summaries(WorkoutFilter(exerciseID: .n(2))).map(\.id) == [.n(100)])
            let withDeleted = try history.summaries(WorkoutFilter(exerciseID: .n(2), includeDeleted: true))
            #expect(withDeleted.map(\.id) == [.n(106), .n(100)])
            // The set logged after deletion is ignored: 1 set of 150 × 3 = 450 kg.
            #expect(withDeleted.first?.status == .deleted && withDeleted.first?.sets == 1 && withDeleted.first?.volumeKg == 450)
            #expect(try history.activeWorkout() == nil)
        }
    }

    @Test("Caught up a few events at a time, the state is the same bytes as folded in one go")
    func stepwiseEqualsOneGo() async throws {
        // Catch-ups in steps must store exactly what one fold does.
        let scratch = try await ScratchLog()
        try await pushDay(scratch)
        try await scratch.record(MetconLogged(workoutID: .n(105), format: .emom, startedAt: .at("2026-03-04T18:00:00Z"),
                                              durationSeconds: 600, notes: "Burpees"))
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(WorkoutHistory.models, copying: scratch)
        #expect(stepped == folded)
        #expect(folded["training/workouts"]?.count == 2)
        #expect(try scratch.history(try await scratch.state(WorkoutHistory.models)).workout(.n(105))?.notes == "Burpees")
    }
}
