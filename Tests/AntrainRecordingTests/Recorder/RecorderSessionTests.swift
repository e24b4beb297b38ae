import AntrainEvents
@testable import AntrainProjections
@testable import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

@Suite("Recorder: concurrency and facts")
struct RecorderSessionTests {
    let t0 = Timestamp.at("2026-03-02T07:00:00Z")

    @Test("two workouts started at once: exactly one starts")
    func twoStarts() async throws {
        let bench = try await RecorderBench()
        async let first = outcome(bench.recorder, .startWorkout(workoutID: .n(1), type: .lifting, at: t0))
        async let second = outcome(bench.recorder, .startWorkout(workoutID: .n(2), type: .lifting, at: t0))
        let outcomes = await [first, second]
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.compactMap { $0 } == [.workoutAlreadyActive])
        #expect(try await bench.events().count == 1)
    }

    @Test("many sets logged at once all land, each once")
    func manySets() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        let recorder = bench.recorder
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await recorder.execute(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1),
                                                       setID: .n(100 + index), performance: .lifted(100, 5), at: self.t0))
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
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        let planned = try await bench.recorder.plan(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31),
                                                           performance: .lifted(100, 5), at: t0))
        #expect(planned.expectedVersion == .exact(2))
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
        // Checked again, the command is refused for what it is now: a set after the end of a
        // completed workout (one within it would be a forgotten set, which is accepted).
        try await bench.refuse(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31), performance: .lifted(100, 5),
                                       at: t0.adding(seconds: 60)),
                               .setTimeOutsideWorkout, mentions: ["completed"])
    }

    @Test("a new id's stream is checked through the writer: an id taken by another writer is refused, not overwritten")
    func newIDsThroughTheWriter() async throws {
        let bench = try await RecorderBench()
        // Events the facts keep nothing of still make their stream's id used.
        try await bench.scratch.record(WorkoutNotesChanged(workoutID: .n(10), notes: "imported before its start"))
        try await bench.refuse(.startWorkout(workoutID: .n(10), type: .lifting, at: t0), .alreadyExists,
                               mentions: ["already used", StreamName.workout(.n(10))])
        try await bench.refuse(.logCardio(CardioLogged(workoutID: .n(10), activity: .run, startedAt: t0, durationSeconds: 60)),
                               .alreadyExists, mentions: ["already used"])
        #expect(try await bench.facts().workout(.n(10)) == nil)
    }

    @Test("the facts after a session: the active workout and program, its contents, and versions from the writer")
    func facts() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createTemplate(templateID: .n(3), name: "Push", items: RecorderBench.items(.n(1))))
        try await bench.run(.createProgram(programID: .n(4), definition: RecorderBench.program("Block", template: .n(3))))
        try await bench.run(.activateProgram(programID: .n(4), startDate: .on("2026-03-02")))
        try await bench.run(.createFood(foodID: .n(2), definition: RecorderBench.skyr))
        try await bench.run(.changeSettings(weightUnit: .pounds, distanceUnit: .miles))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        let facts = try await bench.recorder.facts()
        #expect(try facts.activeWorkoutID() == .n(10) && facts.activeProgramID() == .n(4))
        #expect(try facts.units() == UnitSettings(weight: .pounds, distance: .miles))
        #expect(try facts.workout(.n(10)) == RecordedWorkout(type: .lifting, status: .active, firstOffset: 6, lastOffset: 8))
        let contents = try #require(try await facts.contents(of: .n(10)))
        #expect(contents.entries == [WorkoutContents.Entry(entryID: .n(20), exerciseID: .n(1))])
        #expect(contents.sets == [WorkoutContents.LoggedSet(setID: .n(30), entryID: .n(20), completed: true)])
        #expect(try await facts.startedAt(of: .n(10)) == t0)
        // The workout stream holds start, add, set: last version 2 (versions count from 0).
        #expect(try await bench.scratch.log.streamVersion(of: StreamName.workout(.n(10))) == 2)
        // The store caught up command by command equals one fold of the whole log.
        let stepped = try StateTesting.dump(try await bench.scratch.caughtUp(Recorder.models).store, Recorder.models)
        #expect(stepped == (try StateTesting.dump(try await bench.scratch.state(Recorder.models), Recorder.models)))
        #expect(stepped["recorder/live"]?.count == 1 && stepped["recorder/current"]?.count == 1)
    }

    private func outcome(_ recorder: Recorder, _ command: Command) async -> CommandError.Code? {
        do {
            try await recorder.execute(command)
            return nil
        } catch {
            return (error as? CommandError)?.code ?? .invalidEvent
        }
    }
}
