import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

@Suite("LegacyRecorder: concurrency and state")
struct RecorderConcurrencyTests {
    let t0 = Timestamp.at("2026-03-02T07:00:00Z")

    @Test("two workouts started at once: exactly one starts")
    func twoStarts() async throws {
        let bench = try await CommandBench()
        async let first = outcome(bench.recorder, .startWorkout(workoutID: .n(1), type: .lifting, at: t0))
        async let second = outcome(bench.recorder, .startWorkout(workoutID: .n(2), type: .lifting, at: t0))
        let outcomes = await [first, second]
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.compactMap { $0 } == [.workoutAlreadyActive])
        #expect(try await bench.events().count == 1)
    }

    @Test("many sets logged at once all land, each once")
    func manySets() async throws {
        let bench = try await CommandBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: CommandBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        let recorder = bench.recorder
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await recorder.execute(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1),
                                                       setID: .n(100 + index), performance: .kg(100, 5), at: self.t0))
                }
            }
            try await group.waitForAll()
        }
        // 1 exercise + start + 1 add (the first set only) + 8 sets = 11.
        let events = try await bench.events()
        #expect(events.count == 11)
        #expect(events.filter { $0 is ExerciseAddedToWorkout }.count == 1)
    }

    @Test("a writer that moves the stream between check and append makes the command fail with a conflict")
    func staleCheck() async throws {
        let bench = try await CommandBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: CommandBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .kg(100, 5), at: t0))
        let planned = try await bench.recorder.plan(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31),
                                                           performance: .kg(100, 5), at: t0))
        // Another process completes the workout in between.
        try await bench.scratch.record(WorkoutCompleted(workoutID: .n(10), endedAt: t0, durationSeconds: 60))
        let before = try await bench.end()
        do {
            _ = try await bench.recorder.commit(planned)
            Issue.record("a stale check was appended")
        } catch let error as CommandError {
            #expect(error.code == .conflict && error.message.contains(StreamName.workout(.n(10))))
        }
        #expect(try await bench.end() == before)
        // Checked again, the command is refused for what it is now.
        try await bench.refuse(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31), performance: .kg(100, 5), at: t0),
                               .workoutNotActive, mentions: ["completed"])
    }

    @Test("the command state's checkpoint round-trips, and a step-by-step catch-up gives the same state")
    func checkpoint() async throws {
        let bench = try await CommandBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: CommandBench.exercise("Bench")))
        try await bench.run(.createTemplate(templateID: .n(3), name: "Push", items: CommandBench.items(.n(1))))
        try await bench.run(.createProgram(programID: .n(4), definition: CommandBench.program("Block", template: .n(3))))
        try await bench.run(.activateProgram(programID: .n(4), startDate: .on("2026-03-02")))
        try await bench.run(.createFood(foodID: .n(2), definition: CommandBench.skyr))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .kg(100, 5), at: t0))
        let state = try await bench.recorder.currentState()
        #expect(state.activeWorkoutID == .n(10) && state.activeProgramID == .n(4))
        // Streams: exercise, template, program, active-program, food, workout = 6; the
        // workout stream holds start, add, set: last version 2 (versions count from 0).
        #expect(state.streamVersions.count == 6)
        #expect(state.expectedVersion(of: StreamName.workout(.n(10))) == .exact(2))
        let cp = try Checkpoint(name: LegacyCommandState.name, version: LegacyCommandState.version, position: .start, state: state)
        #expect(try cp.state(as: LegacyCommandState.self) == state)
        let whole = try await bench.scratch.model(LegacyCommandState.self)
        #expect(whole == state)
    }

    private func outcome(_ recorder: LegacyRecorder, _ command: Command) async -> CommandError.Code? {
        do {
            try await recorder.execute(command)
            return nil
        } catch {
            return (error as? CommandError)?.code ?? .invalidEvent
        }
    }
}
