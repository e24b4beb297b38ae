import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A log written by hand, where ids repeat and events name what does not exist yet. The keyed
/// summary follows the one rule of identity of the training state (docs/PROJECTIONS.md): a
/// workout exists from its start, a set names an entry of its own workout, and a repeated
/// `SetLogged` or `ExerciseAddedToWorkout` is ignored. Where the legacy (memory-image) summary
/// answered otherwise, the comments say what it answered.
private func repeatedIDs() async throws -> ScratchLog {
    let scratch = try await ScratchLog("summary-repeats")
    let bench = UUID.n(1), squat = UUID.n(2)
    let w1 = UUID.n(101), w2 = UUID.n(102), w3 = UUID.n(103), never = UUID.n(104)
    let early = UUID.n(201), benchEntry = UUID.n(202), other = UUID.n(203)
    func set(_ workout: UUID, _ entry: UUID, _ id: Int, _ kilograms: Double, _ reps: Int) -> SetLogged {
        SetLogged(workoutID: workout, entryID: entry, setID: .n(id),
                  performance: SetPerformance(reps: reps, weight: .kilograms(kilograms)), loggedAt: .at("2026-03-02T08:00:00Z"))
    }
    func completed(_ workout: UUID) -> WorkoutCompleted {
        WorkoutCompleted(workoutID: workout, endedAt: .at("2026-03-05T00:00:00Z"), durationSeconds: 3600)
    }
    try await scratch.record([
        ExerciseCreated(exerciseID: bench, definition: ExerciseDefinition(
            name: "Bench", category: .barbell, equipment: .barbell, muscleGroups: [.chest, .triceps, .shoulders])),
        ExerciseCreated(exerciseID: squat, definition: ExerciseDefinition(
            name: "Squat", category: .barbell, equipment: .barbell, muscleGroups: [.quads, .glutes])),
        WorkoutStarted(workoutID: w1, type: .lifting, startedAt: .at("2026-03-02T07:00:00Z"), timeZone: "UTC"),
        // A set before its entry: ignored. Removing an entry never added does nothing.
        set(w1, early, 1, 100, 5),
        ExerciseRemovedFromWorkout(workoutID: w1, entryID: early),
        ExerciseAddedToWorkout(workoutID: w1, entryID: early, exerciseID: bench, position: 1),
        ExerciseAddedToWorkout(workoutID: w1, entryID: benchEntry, exerciseID: bench, position: 2),
        set(w1, benchEntry, 2, 100, 5), // 500
        set(w1, benchEntry, 3, 60, 5),
        // Added again as a squat: ignored, the entry stays the bench.
        ExerciseAddedToWorkout(workoutID: w1, entryID: benchEntry, exerciseID: squat, position: 2),
        set(w1, benchEntry, 2, 80, 5), // logged again: ignored, set 2 stays 500
        SetRemoved(workoutID: w1, setID: .n(3)),
        set(w1, benchEntry, 3, 70, 5), // logged again after its removal: a new set, 350
        completed(w1),
        WorkoutStarted(workoutID: w2, type: .lifting, startedAt: .at("2026-03-03T07:00:00Z"), timeZone: "UTC"),
        ExerciseAddedToWorkout(workoutID: w2, entryID: other, exerciseID: bench, position: 1),
        set(w2, other, 4, 50, 10), // 500 on 03-03
        set(w1, other, 4, 90, 2), // names an entry of another workout: ignored
        completed(w2),
        // A set and a completion of a workout not started yet: ignored.
        set(w3, other, 5, 100, 1),
        completed(w3),
        WorkoutStarted(workoutID: w3, type: .lifting, startedAt: .at("2026-03-04T07:00:00Z"), timeZone: "UTC"),
        completed(w3), // completed without a set
        completed(never),
    ])
    return scratch
}

@Suite("Training summary with repeated ids (keyed state)")
struct TrainingSummaryRepeatsStateTests {
    @Test("a repeated set or entry is ignored; events naming what does not exist yet are ignored")
    func repeatedIDsAreIgnored() async throws {
        let scratch = try await repeatedIDs()
        for store in try await scratch.stores(TrainingSummary.models) {
            let summary = TrainingSummary(store)
            // One rule of identity (docs/PROJECTIONS.md): 03-02 holds sets 2 (100 × 5 = 500) and
            // 3 (logged again after its removal, 70 × 5 = 350) of the bench entry, which stays
            // the bench; 03-03 set 4 (50 × 10 = 500); 03-04 a workout without sets. Week:
            // 850 + 500 + 0 = 1350 kg in 3 working sets over 3 workouts. The legacy summary
            // counted set 1 (logged before its entry), set 2 replaced by its repeat (80 × 5, as
            // a squat), set 4 moved to workout 1 (90 × 2) and set 5 (logged before its
            // workout's start): 1530 kg in 5 working sets.
            let weeks = try summary.weeklyVolume(from: .on("2026-03-02"), through: .on("2026-03-08"))
            #expect(weeks == [WeekVolume(week: ISOWeek(containing: .on("2026-03-02")), volumeKg: 1350, workingSets: 3, workouts: 3)])
            // One rule of identity (docs/PROJECTIONS.md): the whole week, as above (legacy 1530).
            #expect(try summary.weeklyVolume(from: .on("2026-03-02"), through: .on("2026-03-02")).first?.volumeKg == 1350)
            // One rule of identity (docs/PROJECTIONS.md): day by day 850, 500 and 0 (legacy
            // 1430, 0 and 100: sets 1, 2 as 400, 3 and 4 as 180 on 03-02; set 5 on 03-04).
            let days = try Self.dayLines(store)
            #expect(days.map(\.day) == [.on("2026-03-02"), .on("2026-03-03"), .on("2026-03-04")])
            #expect(days.map(\.volumeKg) == [850, 500, 0])
            #expect(days.map(\.workouts) == [1, 1, 1])
            // One rule of identity (docs/PROJECTIONS.md): the working sets are all the bench's:
            // 3 each for chest, shoulders and triceps (legacy 3 each, and 2 each for quads and
            // glutes from the squat the repeated entry re-pointed set 2 and 3 to).
            #expect(try summary.setsPerMuscleGroup(from: .on("2026-03-02"), through: .on("2026-03-08")) == [
                MuscleGroupSets(muscleGroup: .chest, sets: 3), MuscleGroupSets(muscleGroup: .shoulders, sets: 3),
                MuscleGroupSets(muscleGroup: .triceps, sets: 3),
            ])
            // One rule of identity (docs/PROJECTIONS.md): the working sets' volumes are 500 and
            // 350 on 03-02 and 500 on 03-03, all bench (legacy [500, 400, 350, 180, 100]).
            let sets = try scratch.history(store).workouts(WorkoutFilter(type: .lifting)).reversed()
                .flatMap { $0.exercises.flatMap(\.sets) }.map(\.volumeKg)
            #expect(sets == [500, 350, 500])
            let exerciseDays = try Self.exerciseDayLines(store)
            #expect(exerciseDays.map(\.key.exerciseID) == [.n(1), .n(1)])
            #expect(exerciseDays.map(\.line.volumeKg) == [850, 500] && exerciseDays.map(\.line.sets) == [2, 1])
            // Three days with a completed workout, as in the legacy summary.
            #expect(days.filter { $0.workouts > 0 }.count == 3)
        }
        // Caught up in steps, the same bytes.
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(TrainingSummary.models, copying: scratch, eventsPerStep: 2)
        #expect(stepped == folded)
    }

    /// Every day line of the summary, oldest first.
    static func dayLines(_ store: some KeyedStateStore) throws -> [TrainingDayLine] {
        try store.read { state in
            try state.entries(in: TrainingProjection.days, from: nil, below: nil, descending: false, limit: nil)
                .map { try TrainingDayLine.decoded($0.value, in: TrainingProjection.days) }
        }
    }

    /// Every line of an exercise on a day, by day and exercise.
    static func exerciseDayLines(_ store: some KeyedStateStore) throws -> [(key: DayExerciseKey, line: ExerciseDayLine)] {
        try store.read { state in
            try state.entries(in: TrainingProjection.exerciseDays, from: nil, below: nil, descending: false, limit: nil).map {
                (DayExerciseKey(keyBytes: $0.key)!, try ExerciseDayLine.decoded($0.value, in: TrainingProjection.exerciseDays))
            }
        }
    }
}
