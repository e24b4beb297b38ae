import AntrainEvents
@testable import AntrainProjections
@testable import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

/// Two recorders on one log share its state store (`projections/state.sqlite`): each catches
/// its facts up before a command, so it checks what the other appended, and an append guarded
/// by a stream version the other moved is refused as a conflict, never stored twice or lost.
@Suite("Recorder: two recorders on one log")
struct RecorderSharedLogTests {
    let t0 = Timestamp.at("2026-03-02T07:00:00Z")

    @Test("each recorder checks its commands against what the other appended")
    func eachSeesTheOther() async throws {
        let bench = try await RecorderBench()
        let first = bench.recorder, second = try Recorder(log: bench.scratch.log)
        try await first.execute(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await second.execute(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        // At most one active workout, though the first recorder never started one itself.
        #expect(await Self.refusal(first, .startWorkout(workoutID: .n(11), type: .lifting, at: t0))?.code == .workoutAlreadyActive)
        // The exercise the first made, in the workout the second started: the entry, then the set.
        #expect(try await first.execute(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                                performance: .lifted(100, 5), at: t0)).offsets.count == 2)
        // The second finds the entry the first added: the set alone.
        #expect(try await second.execute(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31),
                                                 performance: .lifted(100, 5), at: t0)).offsets.count == 1)
        #expect(await Self.refusal(second, .logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                                   performance: .lifted(90, 5), at: t0))?.code == .alreadyExists)
        try await first.execute(.completeWorkout(workoutID: .n(10), endedAt: t0.adding(seconds: 600), durationSeconds: 600))
        // A set after the workout's end (one within it would be a forgotten set, accepted).
        let late = await Self.refusal(second, .logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(32),
                                                      performance: .lifted(100, 5), at: t0.adding(seconds: 900)))
        #expect(late?.code == .setTimeOutsideWorkout && late?.message.contains("completed") == true)
        for recorder in [first, second] {
            let facts = try await recorder.facts()
            #expect(try facts.activeWorkoutID() == nil && facts.workout(.n(10))?.status == .completed)
            #expect(try await facts.contents(of: .n(10))?.sets.map(\.setID) == [.n(30), .n(31)])
        }
        // start, add, set, set, completion on the workout; the exercise before them.
        #expect(try await bench.events().count == 6)
    }

    @Test("commands of both at once on one workout each land once; one that lost a race is refused as a conflict and lands when retried")
    func concurrentCommands() async throws {
        let bench = try await RecorderBench()
        let recorders = [bench.recorder, try Recorder(log: bench.scratch.log)]
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        let t0 = self.t0
        let conflicts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let command = Command.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(100 + index),
                                                 performance: .lifted(100, 5), at: t0)
                    return try await Self.executeRetryingConflicts(recorders[index % 2], command)
                }
            }
            return try await group.reduce(0, +)
        }
        // 1 exercise + start + 1 add (whoever logged first) + 16 sets = 19.
        let events = try await bench.events()
        #expect(events.count == 19)
        #expect(events.filter { $0 is ExerciseAddedToWorkout }.count == 1)
        #expect(Set(events.compactMap { ($0 as? SetLogged)?.setID }) == Set((0..<16).map { UUID.n(100 + $0) }))
        for recorder in recorders {
            #expect(try await recorder.facts().contents(of: .n(10))?.sets.count == 16)
        }
        // The shared store, caught up command by command by both, holds what one fold of the log does.
        let shared = try StateTesting.dump(try await bench.scratch.caughtUp(Recorder.models).store, Recorder.models)
        #expect(shared == (try StateTesting.dump(try await bench.scratch.state(Recorder.models), Recorder.models)))
        print("two recorders, 16 sets at once: \(conflicts) conflict(s) retried")
    }

    /// Runs `command` until it is not refused as a conflict; how many conflicts it met. Any
    /// other refusal is thrown.
    private static func executeRetryingConflicts(_ recorder: Recorder, _ command: Command) async throws -> Int {
        var conflicts = 0
        while true {
            do {
                try await recorder.execute(command)
                return conflicts
            } catch let error as CommandError where error.code == .conflict && conflicts < 100 {
                conflicts += 1
            }
        }
    }

    private static func refusal(_ recorder: Recorder, _ command: Command) async -> CommandError? {
        do {
            try await recorder.execute(command)
            return nil
        } catch {
            return error as? CommandError
        }
    }
}
