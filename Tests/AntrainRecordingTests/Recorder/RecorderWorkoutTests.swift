import AntrainEvents
import AntrainProjections
import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

@Suite("Recorder: workouts")
struct RecorderWorkoutTests {
    let t0 = Timestamp.at("2026-03-02T07:00:00Z")

    @Test("a lifting workout from start to completion appends one event per step")
    func happyPath() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createExercise(exerciseID: .n(2), definition: RecorderBench.exercise("Row")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0, timeZone: "Europe/Berlin"))
        try await bench.run(.addExercise(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1)))
        #expect(try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                            performance: .lifted(100, 5), at: t0)) == 1)
        // A set for an exercise not in the workout adds it first, in the same append: 2 events.
        #expect(try await bench.run(.logSet(workoutID: .n(10), entryID: .n(21), exerciseID: .n(2), setID: .n(31),
                                            performance: .lifted(60, 8), at: t0)) == 2)
        try await bench.run(.correctSet(workoutID: .n(10), setID: .n(30), performance: .lifted(102.5, 5)))
        try await bench.run(.removeSet(workoutID: .n(10), setID: .n(31)))
        try await bench.run(.changeWorkoutNotes(workoutID: .n(10), notes: "felt strong"))
        try await bench.run(.recordWorkoutRPE(workoutID: .n(10), rpe: 8))
        try await bench.run(.completeWorkout(workoutID: .n(10), endedAt: t0.adding(seconds: 3600), durationSeconds: 3600))
        // 2 exercises + start + add + set + (add + set) + correct + remove + notes + RPE, then
        // the completion: the row's entry lost its only set, so it is dropped (every exercise
        // of a finished workout has a set, seed 001) before the workout completes = 13.
        let events = try await bench.events()
        #expect(events.count == 13)
        #expect(events.map { type(of: $0).eventType }.suffix(11) == [
            "WorkoutStarted", "ExerciseAddedToWorkout", "SetLogged", "ExerciseAddedToWorkout", "SetLogged",
            "SetCorrected", "SetRemoved", "WorkoutNotesChanged", "WorkoutRPERecorded", "ExerciseRemovedFromWorkout", "WorkoutCompleted",
        ])
        #expect((events[11] as? ExerciseRemovedFromWorkout)?.entryID == .n(21))
        // The second entry was placed after the first.
        #expect((events[5] as? ExerciseAddedToWorkout)?.position == 2)
        // A new workout may start once the last one is completed.
        try await bench.run(.startWorkout(workoutID: .n(11), type: .lifting, at: t0.adding(seconds: 7200)))
    }

    @Test("at most one workout is active")
    func oneActive() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.refuse(.startWorkout(workoutID: .n(11), type: .cardio, at: t0), .workoutAlreadyActive,
                               mentions: [UUID.n(11).uuidString, UUID.n(10).uuidString, "at most one workout"])
        // Cancelled: the next may start; the cancelled one cannot be completed.
        try await bench.run(.cancelWorkout(workoutID: .n(10), at: t0))
        try await bench.refuse(.completeWorkout(workoutID: .n(10), endedAt: t0, durationSeconds: 60), .workoutNotActive,
                               mentions: ["cancelled", "only the active workout"])
        try await bench.refuse(.startWorkout(workoutID: .n(10), type: .lifting, at: t0), .alreadyExists,
                               mentions: ["already used"])
    }

    @Test("sets go only on the active lifting workout, for an exercise that exists and is not deleted")
    func setRules() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createExercise(exerciseID: .n(2), definition: RecorderBench.exercise("Old")))
        try await bench.run(.deleteExercise(exerciseID: .n(2)))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .cardio, at: t0))
        try await bench.refuse(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(1, 1), at: t0),
                               .wrongWorkoutType, mentions: ["cardio workout", "only into a lifting workout"])
        try await bench.run(.deleteWorkout(workoutID: .n(10)))
        try await bench.refuse(.deleteWorkout(workoutID: .n(10)), .deleted, mentions: ["was deleted"])

        try await bench.run(.startWorkout(workoutID: .n(11), type: .lifting, at: t0))
        try await bench.refuse(.logSet(workoutID: .n(11), entryID: .n(20), exerciseID: .n(9), setID: .n(30), performance: .lifted(1, 1), at: t0),
                               .notFound, mentions: ["no exercise \(UUID.n(9).uuidString)", "exercises of the library"])
        try await bench.refuse(.addExercise(workoutID: .n(11), entryID: .n(20), exerciseID: .n(2)),
                               .deleted, mentions: ["\"Old\"", "was deleted"])
        try await bench.refuse(.logSet(workoutID: .n(12), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(1, 1), at: t0),
                               .notFound, mentions: ["no workout \(UUID.n(12).uuidString)"])
        try await bench.refuse(.correctSet(workoutID: .n(11), setID: .n(99), performance: .lifted(1, 1)),
                               .setNotFound, mentions: ["no such set"])
        // Invalid values are refused by the events' own validation: reps 0.
        try await bench.refuse(.logSet(workoutID: .n(11), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 0), at: t0),
                               .invalidEvent, mentions: ["reps"])
        // A workout with only an unfinished set cannot be completed.
        try await bench.run(.logSet(workoutID: .n(11), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                    performance: .lifted(100, 5, completed: false), at: t0))
        try await bench.refuse(.completeWorkout(workoutID: .n(11), endedAt: t0, durationSeconds: 60), .noCompletedSet,
                               mentions: ["at least one completed set", "1 set(s), none completed"])
        try await bench.run(.correctSet(workoutID: .n(11), setID: .n(30), performance: .lifted(100, 5)))
        try await bench.run(.completeWorkout(workoutID: .n(11), endedAt: t0, durationSeconds: 60))
        // A set forgotten in the completed workout goes in only at a time within it (t0 to t0 here).
        try await bench.refuse(.logSet(workoutID: .n(11), entryID: .n(20), exerciseID: .n(1), setID: .n(31), performance: .lifted(1, 1),
                                       at: t0.adding(seconds: 61)),
                               .setTimeOutsideWorkout, mentions: ["completed and ran from", "a time within it"])
        try await bench.run(.logSet(workoutID: .n(11), entryID: .n(20), exerciseID: .n(1), setID: .n(31), performance: .lifted(1, 1), at: t0))
        // A cancelled workout takes no set.
        try await bench.run(.startWorkout(workoutID: .n(13), type: .lifting, at: t0))
        try await bench.run(.cancelWorkout(workoutID: .n(13), at: t0))
        try await bench.refuse(.logSet(workoutID: .n(13), entryID: .n(21), exerciseID: .n(1), setID: .n(32), performance: .lifted(1, 1), at: t0),
                               .workoutNotActive, mentions: ["cancelled"])
    }

    @Test("a set of the active workout is not done before its start (issue 38)")
    func aSetBeforeTheStartIsRefused() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.refuse(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5),
                                       at: t0.adding(seconds: -60)),
                               .setTimeOutsideWorkout, mentions: ["started at 2026-03-02T07:00:00Z", "after its start"])
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
    }

    @Test("cardio goes into a cardio workout or a new id, a metcon into a metcon workout")
    func quickLogs() async throws {
        let bench = try await RecorderBench()
        let run = CardioLogged(workoutID: .n(40), activity: .run, startedAt: t0, durationSeconds: 1800)
        try await bench.run(.logCardio(run))
        try await bench.run(.startWorkout(workoutID: .n(41), type: .lifting, at: t0))
        try await bench.refuse(.logCardio(CardioLogged(workoutID: .n(41), activity: .row, startedAt: t0, durationSeconds: 600)),
                               .wrongWorkoutType, mentions: ["lifting workout", "active cardio workout"])
        try await bench.run(.cancelWorkout(workoutID: .n(41), at: t0))
        try await bench.run(.startWorkout(workoutID: .n(42), type: .cardio, at: t0))
        try await bench.refuse(.logMetcon(MetconLogged(workoutID: .n(42), format: .amrap, startedAt: t0, durationSeconds: 600)),
                               .wrongWorkoutType, mentions: ["cardio workout", "metcon"])
        // The session logged into the cardio workout completes it (issue 19: as the history
        // shows it): completing it again is refused, and the next workout may start.
        try await bench.run(.logCardio(CardioLogged(workoutID: .n(42), activity: .bike, startedAt: t0, durationSeconds: 600)))
        try await bench.refuse(.completeWorkout(workoutID: .n(42), endedAt: t0, durationSeconds: 0), .workoutNotActive,
                               mentions: ["the workout is completed"])
        try await bench.run(.startWorkout(workoutID: .n(43), type: .cardio, at: t0))
        // A cardio workout with no session in it is not completed (issue 38, seed 001: a quick
        // log needs its data); it is cancelled instead.
        try await bench.refuse(.completeWorkout(workoutID: .n(43), endedAt: t0, durationSeconds: 600), .noQuickLogData,
                               mentions: ["a cardio workout needs its data: no cardio was logged into it"])
        try await bench.run(.cancelWorkout(workoutID: .n(43), at: t0))
        try await bench.refuse(.logCardio(run), .workoutNotActive, mentions: ["logged"])
    }

    @Test("sets of a workout that ended are read back from its events: corrected, removed, counted")
    func endedWorkoutSets() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31), performance: .lifted(100, 5), at: t0))
        try await bench.run(.completeWorkout(workoutID: .n(10), endedAt: t0.adding(seconds: 600), durationSeconds: 600))
        // Other streams in between: the read-back takes the workout's own events alone.
        try await bench.run(.createFood(foodID: .n(2), definition: RecorderBench.skyr))
        #expect(try await bench.facts().activeWorkoutID() == nil)
        try await bench.run(.correctSet(workoutID: .n(10), setID: .n(30), performance: .lifted(102.5, 5)))
        try await bench.run(.removeSet(workoutID: .n(10), setID: .n(31)))
        try await bench.refuse(.removeSet(workoutID: .n(10), setID: .n(31)), .setNotFound, mentions: ["no such set", "(it has 1)"])
        // A set another writer logged after the end (an import) is the workout's too.
        try await bench.scratch.record(SetLogged(workoutID: .n(10), entryID: .n(20), setID: .n(32), performance: .lifted(60, 8), loggedAt: t0))
        try await bench.run(.correctSet(workoutID: .n(10), setID: .n(32), performance: .lifted(60, 10)))
        let contents = try #require(try await bench.facts().contents(of: .n(10)))
        #expect(contents.sets.map(\.setID) == [.n(30), .n(32)] && contents.entries.map(\.exerciseID) == [.n(1)])
        let workout = try #require(try await bench.facts().workout(.n(10)))
        #expect(workout.status == .completed && workout.firstOffset == 1 && workout.lastOffset == 10)
        // Cancelled workouts keep their sets; deleted ones cannot change.
        try await bench.run(.startWorkout(workoutID: .n(11), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(11), entryID: .n(21), exerciseID: .n(1), setID: .n(33), performance: .lifted(1, 1), at: t0))
        try await bench.run(.cancelWorkout(workoutID: .n(11), at: t0))
        try await bench.run(.correctSet(workoutID: .n(11), setID: .n(33), performance: .lifted(2, 1)))
        try await bench.run(.deleteWorkout(workoutID: .n(11)))
        try await bench.refuse(.correctSet(workoutID: .n(11), setID: .n(33), performance: .lifted(2, 1)), .deleted, mentions: ["was deleted"])
    }

    @Test("a second WorkoutStarted of an id that exists, or an ending after a deletion (raw append, import), reactivates nothing, as history shows it")
    func secondStartChangesNothing() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        try await bench.run(.completeWorkout(workoutID: .n(10), endedAt: t0.adding(seconds: 600), durationSeconds: 600))
        try await bench.run(.startWorkout(workoutID: .n(11), type: .lifting, at: t0.adding(seconds: 3600)))
        try await bench.run(.deleteWorkout(workoutID: .n(11)))
        // Written past the rules, as `antrain-log append` stores any valid event.
        try await bench.scratch.record(WorkoutStarted(workoutID: .n(10), type: .lifting, startedAt: t0.adding(seconds: 7200)))
        try await bench.scratch.record(WorkoutStarted(workoutID: .n(11), type: .lifting, startedAt: t0.adding(seconds: 7200)))
        let facts = try await bench.facts()
        #expect(try facts.activeWorkoutID() == nil)
        let completed = try #require(try facts.workout(.n(10)))
        #expect(completed.status == .completed && completed.firstOffset == 1 && completed.lastOffset == 7)
        #expect(try facts.workout(.n(11))?.status == .deleted)
        // Before recorder version 5 workout 10 was active again for the rules alone: this start
        // was refused, and a set went into a workout that history showed completed.
        try await bench.run(.startWorkout(workoutID: .n(12), type: .lifting, at: t0.adding(seconds: 7300)))
        try await bench.refuse(.correctSet(workoutID: .n(11), setID: .n(30), performance: .lifted(2, 1)), .deleted, mentions: ["was deleted"])
        // Nor does an ending written after the deletion bring workout 11 back (version 6).
        try await bench.scratch.record(WorkoutCompleted(workoutID: .n(11), endedAt: t0.adding(seconds: 3700), durationSeconds: 100))
        try await bench.scratch.record(WorkoutCancelled(workoutID: .n(11), cancelledAt: t0.adding(seconds: 3700)))
        #expect(try await bench.facts().workout(.n(11))?.status == .deleted)
        #expect(try await bench.facts().activeWorkoutID() == .n(12))
        // Nor does a second start take the active place from the workout started last.
        try await bench.scratch.record(WorkoutStarted(workoutID: .n(10), type: .lifting, startedAt: t0.adding(seconds: 7400)))
        #expect(try await bench.facts().activeWorkoutID() == .n(12))
        let history = WorkoutHistory(try await bench.scratch.state(WorkoutHistory.models), events: EventLookup(log: bench.scratch.log))
        #expect(try history.workout(.n(10))?.status == .completed)
        #expect(try history.activeWorkout()?.id == .n(12))
    }

    @Test("a quick log past the rules (raw append, import): naming a workout that ended it changes nothing; into the active one it completes it")
    func quickLogIntoEndedWorkout() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        try await bench.run(.cancelWorkout(workoutID: .n(10), at: t0.adding(seconds: 600)))
        try await bench.run(.logCardio(CardioLogged(workoutID: .n(11), activity: .run, startedAt: t0, durationSeconds: 1800)))
        // Written past the rules, which refuse both (the workout is not active).
        try await bench.scratch.record(CardioLogged(workoutID: .n(10), activity: .row, startedAt: t0, durationSeconds: 900))
        try await bench.scratch.record(CardioLogged(workoutID: .n(11), activity: .bike, startedAt: t0.adding(seconds: 60), durationSeconds: 300))
        #expect(try await bench.facts().workout(.n(10))?.status == .cancelled)
        #expect(try await bench.facts().workout(.n(11))?.status == .logged)
        let history = WorkoutHistory(try await bench.scratch.state(WorkoutHistory.models), events: EventLookup(log: bench.scratch.log))
        // Before training version 8 the cancelled workout came back completed (its set left
        // out of the records all the same), and the run became a 5-minute ride.
        let cancelled = try #require(try history.workout(.n(10)))
        #expect(cancelled.status == .cancelled && cancelled.type == .lifting && cancelled.cardio == nil && cancelled.durationSeconds == 600)
        let run = try #require(try history.workout(.n(11)))
        #expect(run.cardio?.activity == .run && run.durationSeconds == 1800 && run.startedAt == t0)
        // One into the active lifting workout completes it, for history and the rules, and it
        // is that workout's completion: its exercise has a completed session (training version 9).
        try await bench.run(.startWorkout(workoutID: .n(12), type: .lifting, at: t0.adding(seconds: 3600)))
        try await bench.run(.logSet(workoutID: .n(12), entryID: .n(22), exerciseID: .n(1), setID: .n(34),
                                    performance: .lifted(100, 5), at: t0.adding(seconds: 3700)))
        try await bench.scratch.record(CardioLogged(workoutID: .n(12), activity: .row, startedAt: t0.adding(seconds: 3600), durationSeconds: 900))
        #expect(try await bench.facts().workout(.n(12))?.status == .completed)
        let store = try await bench.scratch.state(WorkoutHistory.models)
        #expect(try WorkoutHistory(store, events: EventLookup(log: bench.scratch.log)).workout(.n(12))?.status == .completed)
        let bench1 = try #require(try PersonalRecords(store).statistics(for: .n(1)))
        #expect(bench1.hasCompletedWorkout && bench1.sessions == 1 && bench1.sets == 1)
    }

    @Test("the active workout's entries and sets are history's: an entry put first by a raw append, sets of no entry and repeated ids")
    func contentsFollowHistory() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createExercise(exerciseID: .n(2), definition: RecorderBench.exercise("Row")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                    performance: .lifted(100, 5, completed: false), at: t0))
        // Written past the rules: the row goes first; a done set of no entry; set 30 again, done.
        try await bench.scratch.record([
            ExerciseAddedToWorkout(workoutID: .n(10), entryID: .n(21), exerciseID: .n(2), position: 1),
            SetLogged(workoutID: .n(10), entryID: .n(99), setID: .n(31), performance: .lifted(60, 8), loggedAt: t0),
            SetLogged(workoutID: .n(10), entryID: .n(20), setID: .n(30), performance: .lifted(100, 5), loggedAt: t0),
            ExerciseAddedToWorkout(workoutID: .n(10), entryID: .n(20), exerciseID: .n(2), position: 3),
        ])
        let history = WorkoutHistory(try await bench.scratch.state(WorkoutHistory.models), events: EventLookup(log: bench.scratch.log))
        let shown = try #require(try history.workout(.n(10)))
        #expect(shown.exercises.map(\.entryID) == [.n(21), .n(20)] && shown.exercises.map(\.exerciseID) == [.n(2), .n(1)])
        let contents = try #require(try await bench.facts().contents(of: .n(10)))
        #expect(contents.entries.map(\.entryID) == [.n(21), .n(20)] && contents.entries.map(\.exerciseID) == [.n(2), .n(1)])
        #expect(contents.sets.map(\.setID) == [.n(30)] && contents.sets[0].entryID == .n(20) && !contents.sets[0].completed)
        // History has no done set, so neither do the rules (before recorder version 7 they
        // counted the set of no entry and let the workout complete).
        try await bench.refuse(.completeWorkout(workoutID: .n(10), endedAt: t0.adding(seconds: 60), durationSeconds: 60), .noCompletedSet,
                               mentions: ["at least one completed set"])
        // Ended, the contents are read back from the log by the same rules, a second start there too.
        try await bench.scratch.record(WorkoutStarted(workoutID: .n(10), type: .lifting, startedAt: t0))
        try await bench.run(.cancelWorkout(workoutID: .n(10), at: t0.adding(seconds: 60)))
        #expect(try await bench.facts().contents(of: .n(10)) == contents)
    }

    @Test("an exercise removed from the active workout takes its sets; a set under its entry adds the entry again")
    func removedEntry() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.startWorkout(workoutID: .n(10), type: .lifting, at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30), performance: .lifted(100, 5), at: t0))
        try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(31),
                                    performance: .lifted(100, 5, completed: false), at: t0))
        try await bench.scratch.record(ExerciseRemovedFromWorkout(workoutID: .n(10), entryID: .n(20)))
        try await bench.refuse(.completeWorkout(workoutID: .n(10), endedAt: t0, durationSeconds: 60), .noCompletedSet,
                               mentions: ["(it has 0 set(s), none completed)"])
        #expect(try await bench.run(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1), setID: .n(30),
                                            performance: .lifted(100, 5), at: t0)) == 2)
        let added = try await bench.events().compactMap { $0 as? ExerciseAddedToWorkout }
        #expect(added.map(\.position) == [1, 1])
        try await bench.refuse(.addExercise(workoutID: .n(10), entryID: .n(20), exerciseID: .n(1)), .alreadyExists,
                               mentions: ["entry \(UUID.n(20).uuidString) is already in the workout"])
        try await bench.refuse(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: .n(2), setID: .n(39), performance: .lifted(1, 1), at: t0),
                               .notFound, mentions: ["no exercise"])
        try await bench.run(.completeWorkout(workoutID: .n(10), endedAt: t0, durationSeconds: 60))
    }
}
