import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// A log written by hand, where ids repeat and events name what does not exist yet: the
/// summary answers as if every set and occurrence were kept in one map by id (a repeated
/// `SetLogged` or `ExerciseAddedToWorkout` replaces the entry, at its first place).
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
        // A set before its occurrence; removing an occurrence never added does nothing.
        set(w1, early, 1, 100, 5),
        ExerciseRemovedFromWorkout(workoutID: w1, entryID: early),
        ExerciseAddedToWorkout(workoutID: w1, entryID: early, exerciseID: bench, position: 1),
        ExerciseAddedToWorkout(workoutID: w1, entryID: benchEntry, exerciseID: bench, position: 2),
        set(w1, benchEntry, 2, 100, 5),
        set(w1, benchEntry, 3, 60, 5),
        // Added again as a squat: its sets count for the squat's groups.
        ExerciseAddedToWorkout(workoutID: w1, entryID: benchEntry, exerciseID: squat, position: 2),
        set(w1, benchEntry, 2, 80, 5), // logged again: 400 at set 2's place
        SetRemoved(workoutID: w1, setID: .n(3)),
        set(w1, benchEntry, 3, 70, 5), // logged again after its removal: counts, 350
        completed(w1),
        WorkoutStarted(workoutID: w2, type: .lifting, startedAt: .at("2026-03-03T07:00:00Z"), timeZone: "UTC"),
        ExerciseAddedToWorkout(workoutID: w2, entryID: other, exerciseID: bench, position: 1),
        set(w2, other, 4, 50, 10),
        set(w1, other, 4, 90, 2), // logged again in the first workout: 180 on 03-02
        completed(w2),
        // A set of a workout not started yet counts once it is started and completed.
        set(w3, other, 5, 100, 1),
        completed(w3),
        WorkoutStarted(workoutID: w3, type: .lifting, startedAt: .at("2026-03-04T07:00:00Z"), timeZone: "UTC"),
        completed(w3),
        completed(never),
    ])
    return scratch
}

@Suite("LegacyTrainingSummary with repeated ids")
struct TrainingSummaryRepeatsTests {
    @Test("a repeated set or occurrence replaces the earlier one at its place; names of the future wait for it")
    func repeatedIDsReplace() async throws {
        let scratch = try await repeatedIDs()
        let summary = try await scratch.model(LegacyTrainingSummary.self)
        // 03-02: sets 1 (500, bench), 2 (400, squat), 3 (350, squat), 4 (180, bench); 03-03: none; 03-04: set 5 (100, bench).
        let weeks = summary.weeklyVolume(from: .on("2026-03-02"), through: .on("2026-03-08"))
        #expect(weeks == [WeekVolume(week: ISOWeek(containing: .on("2026-03-02")), volumeKg: 1530, workingSets: 5, workouts: 3)])
        #expect(summary.weeklyVolume(from: .on("2026-03-02"), through: .on("2026-03-02")).first?.volumeKg == 1530)
        #expect(summary.digest().days.map(\.volumeKg) == [1430, 0, 100])
        #expect(summary.setsPerMuscleGroup(from: .on("2026-03-02"), through: .on("2026-03-08")) == [
            MuscleGroupSets(muscleGroup: .chest, sets: 3), MuscleGroupSets(muscleGroup: .shoulders, sets: 3),
            MuscleGroupSets(muscleGroup: .triceps, sets: 3), MuscleGroupSets(muscleGroup: .quads, sets: 2),
            MuscleGroupSets(muscleGroup: .glutes, sets: 2),
        ])
        #expect(summary.workingSets().map(\.volumeKg) == [500, 400, 350, 180, 100])
        #expect(summary.countedWorkoutDays().count == 3)
        // Caught up in steps through checkpoints, the same bytes.
        let stepwise = try await stepwiseCheckpointBytes(LegacyTrainingSummary.self, copying: scratch, eventsPerStep: 2)
        let oneGo = try Checkpoint(name: LegacyTrainingSummary.name, version: LegacyTrainingSummary.version, position: .start, state: summary)
        #expect(stepwise == oneGo.stateBytes)
    }
}
