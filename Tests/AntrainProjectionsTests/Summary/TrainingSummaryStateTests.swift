import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// A hand-worked training summary asked through the keyed facade (the expectations are those
// the memory-image model met before it), checked on the log folded into a store in memory and
// on the log's own store caught up.

private func near(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) < 1e-9
}

private let bench = UUID.n(1), squat = UUID.n(2), pullUp = UUID.n(3)

/// Builds one workout's events: started at `start` in `zone`, one occurrence per exercise,
/// sets numbered by the caller.
private struct WorkoutFixture {
    let id: UUID
    let number: Int
    var events: [any DomainEvent] = []
    private var entryCount = 0

    init(_ number: Int, _ start: String, zone: String = "UTC") {
        self.number = number
        id = .n(100 + number)
        events.append(WorkoutStarted(workoutID: id, type: .lifting, startedAt: .at(start), timeZone: zone))
    }

    /// Adds the exercise; returns its entry id.
    mutating func add(_ exercise: UUID) -> UUID {
        entryCount += 1
        let entry = UUID.n(1000 * (number + 1) + entryCount)
        events.append(ExerciseAddedToWorkout(workoutID: id, entryID: entry, exerciseID: exercise, position: entryCount))
        return entry
    }

    mutating func set(_ setID: Int, _ entry: UUID, _ weight: Mass?, _ reps: Int, type: SetType = .normal,
                      completed: Bool = true) {
        let performance = SetPerformance(setType: type, reps: reps, weight: weight, completed: completed)
        events.append(SetLogged(workoutID: id, entryID: entry, setID: .n(setID), performance: performance,
                                loggedAt: .at("2026-01-01T00:00:00Z")))
    }

    mutating func complete() {
        events.append(WorkoutCompleted(workoutID: id, endedAt: .at("2026-12-31T00:00:00Z"), durationSeconds: 3600))
    }
}

/// Workouts from 2026-02-24 (ISO week 9) to 2026-04-02 (week 14), with a gap in week 12.
/// 2026-03-02 is a Monday: 2026-01-01 is a Thursday and 03-02 is day 31 + 28 + 2 = 61,
/// 60 days later, 60 mod 7 = 4, Thursday + 4 = Monday; its Thursday 03-05 is day 64,
/// so it is week (64 − 1) / 7 + 1 = 10.
private func sixWeeks() async throws -> ScratchLog {
    let scratch = try await ScratchLog("summary")
    let chest: [MuscleGroup] = [.chest, .triceps, .shoulders]
    try await scratch.record([
        ExerciseCreated(exerciseID: bench, definition: ExerciseDefinition(
            name: "Bench", category: .barbell, equipment: .barbell, muscleGroups: chest)),
        ExerciseCreated(exerciseID: squat, definition: ExerciseDefinition(
            name: "Squat", category: .barbell, equipment: .barbell, muscleGroups: [.quads, .glutes])),
        ExerciseCreated(exerciseID: pullUp, definition: ExerciseDefinition(
            name: "Pull-up", category: .bodyweight, kind: .bodyweight, equipment: .bodyweight,
            muscleGroups: [.lats, .biceps])),
    ])
    var week9 = WorkoutFixture(0, "2026-02-24T07:00:00Z")
    week9.set(1, week9.add(bench), .kilograms(100), 5)
    week9.complete()

    // Week 10, Monday: 500 + 512.5 of bench; the squat occurrence is taken out.
    var monday = WorkoutFixture(1, "2026-03-02T07:00:00Z")
    let benchEntry = monday.add(bench), squatEntry = monday.add(squat), pullUpEntry = monday.add(pullUp)
    monday.set(10, benchEntry, .kilograms(60), 5, type: .warmup) // warm-up: not counted
    monday.set(11, benchEntry, .kilograms(100), 5) // 500
    monday.set(12, benchEntry, .kilograms(100), 5) // corrected to 102.5 × 5 = 512.5
    monday.set(13, benchEntry, .kilograms(100), 5) // removed
    monday.set(14, benchEntry, .kilograms(100), 5, completed: false) // not done
    monday.set(15, squatEntry, .kilograms(140), 3) // its exercise is removed
    monday.set(16, pullUpEntry, nil, 10) // a working set without volume
    monday.events += [
        SetCorrected(workoutID: monday.id, setID: .n(12),
                     performance: SetPerformance(reps: 5, weight: .kilograms(102.5))),
        SetRemoved(workoutID: monday.id, setID: .n(13)),
        ExerciseRemovedFromWorkout(workoutID: monday.id, entryID: squatEntry),
    ]
    monday.complete()

    // Week 10, Thursday: 225 lb × 5 = 1125 lb × 0.45359237 = 510.29141625 kg.
    var thursday = WorkoutFixture(2, "2026-03-05T07:00:00Z")
    thursday.set(20, thursday.add(squat), .pounds(225), 5)
    thursday.complete()

    // Week 10, Saturday, deleted after completion; Sunday, cancelled: neither counts.
    var deleted = WorkoutFixture(3, "2026-03-07T07:00:00Z")
    deleted.set(30, deleted.add(bench), .kilograms(100), 10)
    deleted.complete()
    deleted.events.append(WorkoutDeleted(workoutID: deleted.id))
    var cancelled = WorkoutFixture(4, "2026-03-08T07:00:00Z")
    cancelled.set(40, cancelled.add(bench), .kilograms(100), 8)
    cancelled.events.append(WorkoutCancelled(workoutID: cancelled.id, cancelledAt: .at("2026-03-08T08:00:00Z")))

    // Sunday 23:30 UTC is Monday 00:30 in Berlin (UTC+1 until 03-29): week 11. 80 × 10 = 800.
    var berlin = WorkoutFixture(5, "2026-03-08T23:30:00Z", zone: "Europe/Berlin")
    berlin.set(50, berlin.add(bench), .kilograms(80), 10)
    berlin.complete()

    // Week 12: nothing. Week 13: a cardio quick log. Week 14: 100 × 5 + 50 × 10 = 1000,
    // and a workout still in progress that does not count yet.
    let cardio = CardioLogged(workoutID: .n(106), activity: .run, startedAt: .at("2026-03-24T07:00:00Z"),
                              durationSeconds: 1800)
    var tuesday = WorkoutFixture(7, "2026-03-31T07:00:00Z")
    tuesday.set(70, tuesday.add(bench), .kilograms(100), 5)
    tuesday.complete()
    var wednesday = WorkoutFixture(8, "2026-04-01T07:00:00Z")
    wednesday.set(80, wednesday.add(bench), .kilograms(50), 10)
    wednesday.complete()
    var inProgress = WorkoutFixture(9, "2026-04-02T07:00:00Z")
    inProgress.set(90, inProgress.add(bench), .kilograms(100), 5)

    for workout in [week9, monday, thursday, deleted, cancelled, berlin] { try await scratch.record(workout.events) }
    try await scratch.record(cardio)
    for workout in [tuesday, wednesday, inProgress] { try await scratch.record(workout.events) }
    return scratch
}

/// The training summaries of `scratch`: folded in memory, and the log's store caught up.
private func summaries(_ scratch: ScratchLog) async throws -> [TrainingSummary] {
    try await scratch.stores(TrainingSummary.models).map { TrainingSummary($0) }
}

@Suite("Training summary (keyed state)")
struct TrainingSummaryStateTests {
    @Test("weekly volume honours corrections, removals, warm-ups, deletion, cancellation and time zones")
    func weeklyVolume() async throws {
        for summary in try await summaries(try await sixWeeks()) {
            let weeks = try summary.weeklyVolume(from: .on("2026-03-02"), through: .on("2026-04-02"))
            #expect(weeks.map(\.week.number) == [10, 11, 12, 13, 14])
            #expect(weeks.allSatisfy { $0.week.year == 2026 })
            #expect(weeks.map(\.week.monday) == [.on("2026-03-02"), .on("2026-03-09"), .on("2026-03-16"),
                                                 .on("2026-03-23"), .on("2026-03-30")])
            // Week 10: 500 + 512.5 + 510.29141625 = 1522.79141625 kg; sets 11, 12, 16, 20.
            #expect(near(weeks[0].volumeKg, 1522.79141625))
            #expect(weeks.map(\.workingSets) == [4, 1, 0, 0, 2])
            #expect(weeks.map(\.workouts) == [2, 1, 0, 1, 2])
            #expect(near(weeks[1].volumeKg, 800))
            #expect(weeks[2].volumeKg == 0)
            #expect(near(weeks[4].volumeKg, 1000))
        }
    }

    @Test("a working set counts for every muscle group its exercise lists")
    func setsPerMuscleGroup() async throws {
        for summary in try await summaries(try await sixWeeks()) {
            let groups = try summary.setsPerMuscleGroup(from: .on("2026-03-02"), through: .on("2026-03-08"))
            // Bench sets 11 and 12: chest, triceps, shoulders 2 each; pull-up set 16: lats and
            // biceps 1; squat set 20: quads and glutes 1. Ties in MuscleGroup.allCases order.
            #expect(groups == [
                MuscleGroupSets(muscleGroup: .chest, sets: 2), MuscleGroupSets(muscleGroup: .shoulders, sets: 2),
                MuscleGroupSets(muscleGroup: .triceps, sets: 2), MuscleGroupSets(muscleGroup: .biceps, sets: 1),
                MuscleGroupSets(muscleGroup: .lats, sets: 1), MuscleGroupSets(muscleGroup: .quads, sets: 1),
                MuscleGroupSets(muscleGroup: .glutes, sets: 1),
            ])
        }
    }

    @Test("streaks run across consecutive ISO weeks and days, and break on a gap")
    func streaks() async throws {
        for summary in try await summaries(try await sixWeeks()) {
            // Weeks with a workout: 9, 10, 11, 13, 14. Days: 02-24, 03-02, 03-05, 03-09 (Berlin),
            // 03-24, 03-31, 04-01 (04-02 is still in progress).
            #expect(try summary.streaks(today: .on("2026-04-02")) == TrainingStreaks(
                currentWeeks: 2, longestWeeks: 3, currentDays: 2, longestDays: 2, lastWorkoutDay: .on("2026-04-01")))
            // Week 16 follows an empty week 15: the week streak is broken.
            let later = try summary.streaks(today: .on("2026-04-13"))
            #expect(later.currentWeeks == 0 && later.longestWeeks == 3 && later.currentDays == 0)
            // As of 03-10, later workouts are not counted: weeks 9, 10, 11; 03-09 was yesterday.
            #expect(try summary.streaks(today: .on("2026-03-10")) == TrainingStreaks(
                currentWeeks: 3, longestWeeks: 3, currentDays: 1, longestDays: 1, lastWorkoutDay: .on("2026-03-09")))
        }
    }

    @Test("ISO weeks at year ends")
    func isoWeeks() {
        // 2026-01-01 is a Thursday: its week is week 1 of 2026, from Monday 2025-12-29.
        let first = ISOWeek(containing: .on("2026-01-01"))
        #expect(first.monday == .on("2025-12-29") && first.year == 2026 && first.number == 1)
        // 2021-01-03 is a Sunday of the week of Thursday 2020-12-31: week 53 of 2020.
        let last = ISOWeek(containing: .on("2021-01-03"))
        #expect(last.monday == .on("2020-12-28") && last.year == 2020 && last.number == 53)
    }

    @Test("caught up a few events at a time, the state is the same bytes as folded in one go")
    func stepwiseReplay() async throws {
        // Where a catch-up or a batch ends may not change a byte of the state.
        let scratch = try await sixWeeks()
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(TrainingSummary.models, copying: scratch)
        #expect(stepped == folded)
        // Days that count: 02-24, 03-02, 03-05, 03-09 (Berlin), 03-24, 03-31, 04-01.
        #expect(folded["training/days"]?.count == 7)
    }
}
