import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// Hand-worked personal records asked through the keyed facade (the expectations are those the
// memory-image model met before it), checked on the log folded into a store in memory and on
// the log's own store caught up; questions "as of" an event are asked of a store
// travelled to its offset and of the log's store caught up right after the event was appended.

/// The personal records of `scratch`: folded in memory, and the log's store caught up.
private func records(_ scratch: ScratchLog) async throws -> [PersonalRecords] {
    try await scratch.stores(PersonalRecords.models).map { PersonalRecords($0) }
}

/// The log's store caught up now, and a store travelled to `offset`: the same moment twice.
private func asOf(_ offset: UInt64, _ scratch: ScratchLog) async throws -> [PersonalRecords] {
    [PersonalRecords(try await scratch.caughtUp(PersonalRecords.models).store),
     PersonalRecords(try await scratch.state(PersonalRecords.models, through: offset))]
}

@Suite("Personal records (keyed state)")
struct PersonalRecordsStateTests {
    @Test("Weight, e1RM, reps and volume records; ties keep the earlier set; warm-ups and unfinished sets never count")
    func weightRecords() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record(Lifting.exercise(1, "Bench Press"))
        try await scratch.record(Lifting.start(100, "2026-03-02T07:00:00Z"))
        try await scratch.record(Lifting.add(100, entry: 200, exercise: 1))
        try await scratch.record(Lifting.set(100, entry: 200, set: 1001, .kilograms(60), 10, type: .warmup, at: "2026-03-02T07:05:00Z"))
        let first = try await scratch.offset(of: Lifting.set(100, entry: 200, set: 1002, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"))
        let tie = try await scratch.offset(of: Lifting.set(100, entry: 200, set: 1003, .kilograms(100), 5, at: "2026-03-02T07:15:00Z"))
        try await scratch.record(Lifting.set(100, entry: 200, set: 1004, .kilograms(120), 1, completed: false, at: "2026-03-02T07:20:00Z"))
        try await scratch.record(Lifting.start(101, "2026-03-05T07:00:00Z"))
        try await scratch.record(Lifting.add(101, entry: 201, exercise: 1))
        let pounds = try await scratch.offset(of: Lifting.set(101, entry: 201, set: 1005, .pounds(225), 1, at: "2026-03-05T07:10:00Z"))
        try await scratch.record(Lifting.set(101, entry: 201, set: 1006, .kilograms(100), 5, at: "2026-03-05T07:15:00Z"))

        for model in try await records(scratch) {
            let bench = try #require(try model.records(for: .n(1)))
            #expect(bench.exercise == "Bench Press")
            // 225 lb × 0.45359237 = 102.05828325 kg beats 100 kg; the 120 kg single was not completed.
            #expect(Lifting.approx(bench.heaviestWeightKg?.value, 102.05828325))
            #expect(bench.heaviestWeightKg?.reps == 1)
            #expect(bench.heaviestWeightKg?.setID == .n(1005) && bench.heaviestWeightKg?.offset == pounds)
            #expect(bench.heaviestWeightKg?.day == .on("2026-03-05"))
            // Brzycki 100 × 36 / (37 − 5) = 3600 / 32 = 112.5, from the first of the tied sets; the
            // 102.06 kg single estimates only itself.
            #expect(bench.bestE1rmKg?.value == 112.5 && bench.bestE1rmKg?.setID == .n(1002) && bench.bestE1rmKg?.offset == first)
            // Epley 100 × (1 + 5/30) = 116.666…
            #expect(Lifting.approx(try model.records(for: .n(1), formula: .epley)?.bestE1rmKg?.value, 100 * (1 + 5.0 / 30)))
            // No set has an RPE: the chart estimates nothing.
            #expect(try model.records(for: .n(1), formula: .rpe)?.bestE1rmKg == nil)
            // The 10-rep warm-up does not count: most reps is 5, first reached by set 1002.
            #expect(bench.mostReps?.value == 5 && bench.mostReps?.setID == .n(1002))
            // Set volume 100 × 5 = 500 (set 1002; 1003 and 1006 only tie it).
            #expect(bench.bestSetVolumeKg?.value == 500 && bench.bestSetVolumeKg?.setID == .n(1002))
            // Session volume: workout 100 = 500 + 500 = 1000, reached at set 1003; workout 101 =
            // 102.058 + 500 = 602.058.
            #expect(bench.bestSessionVolumeKg?.value == 1000 && bench.bestSessionVolumeKg?.offset == tie)
            #expect(try model.progression(of: .n(1), .heaviestWeight).map(\.setID) == [.n(1002), .n(1005)])
            #expect(try model.progression(of: .n(1), .bestSessionVolume).map(\.value) == [500, 1000])
            #expect(try model.allRecords().map(\.exercise) == ["Bench Press"])
        }
    }

    @Test("The RPE chart: percentages of 1RM, and only sets with an RPE on it get an estimate")
    func rpeChart() async throws {
        // Chart cells: 1 @ 10 = 100 %, 5 @ 9 = 83.7 %, 3 @ 8 = 86.3 %, 1 @ 7.5 = 90.7 %, 12 @ 6.5 = 58.6 %.
        #expect(OneRepMaxFormula.rpePercent(reps: 1, rpe: 10) == 100)
        #expect(OneRepMaxFormula.rpePercent(reps: 5, rpe: 9) == 83.7)
        #expect(OneRepMaxFormula.rpePercent(reps: 3, rpe: 8) == 86.3)
        #expect(OneRepMaxFormula.rpePercent(reps: 1, rpe: 7.5) == 90.7)
        #expect(OneRepMaxFormula.rpePercent(reps: 12, rpe: 6.5) == 58.6)
        #expect(OneRepMaxFormula.rpePercent(reps: 3, rpe: 6) == nil)
        #expect(OneRepMaxFormula.rpePercent(reps: 3, rpe: 8.3) == nil)
        #expect(OneRepMaxFormula.rpePercent(reps: 13, rpe: 9) == nil)
        #expect(OneRepMaxFormula.epley.estimate(weightKg: 100, reps: 1, rpe: nil) == 100)
        #expect(OneRepMaxFormula.brzycki.estimate(weightKg: 100, reps: 13, rpe: nil) == nil)

        let scratch = try await ScratchLog()
        try await scratch.record([Lifting.exercise(2, "Squat"), Lifting.start(102, "2026-03-02T07:00:00Z"),
                                  Lifting.add(102, entry: 202, exercise: 2),
                                  Lifting.set(102, entry: 202, set: 1010, .kilograms(140), 3, rpe: 8, at: "2026-03-02T07:10:00Z"),
                                  Lifting.set(102, entry: 202, set: 1011, .kilograms(150), 2, at: "2026-03-02T07:15:00Z"),
                                  Lifting.set(102, entry: 202, set: 1012, .kilograms(100), 15, rpe: 9, at: "2026-03-02T07:20:00Z")])
        for model in try await records(scratch) {
            // RPE chart: only set 1010 has an RPE and ≤ 12 reps: 140 × 100 / 86.3 = 162.2248…
            let rpe = try #require(try model.records(for: .n(2), formula: .rpe)?.bestE1rmKg)
            #expect(Lifting.approx(rpe.value, 14_000 / 86.3) && rpe.setID == .n(1010))
            // Brzycki: 140 × 36/34 = 148.24 < 150 × 36/35 = 154.29; the 15-rep set is beyond 12.
            let brzycki = try #require(try model.records(for: .n(2))?.bestE1rmKg)
            #expect(Lifting.approx(brzycki.value, 150.0 * 36 / 35) && brzycki.setID == .n(1011))
            #expect(try model.records(for: .n(2))?.mostReps?.value == 15)
            // The e1RM progression by formula reads the same records.
            #expect(try model.e1rmProgression(of: .n(2), formula: .rpe).map(\.setID) == [.n(1010)])
        }
    }

    @Test("Corrected and removed sets: a record falls back to the next best, set by the correcting event")
    func corrections() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([Lifting.exercise(3, "Deadlift"), Lifting.start(103, "2026-03-02T07:00:00Z"),
                                  Lifting.add(103, entry: 203, exercise: 3),
                                  Lifting.set(103, entry: 203, set: 1020, .kilograms(180), 3, at: "2026-03-02T07:10:00Z"),
                                  Lifting.set(103, entry: 203, set: 1021, .kilograms(200), 1, at: "2026-03-02T07:15:00Z"),
                                  Lifting.start(104, "2026-03-04T07:00:00Z"), Lifting.add(104, entry: 204, exercise: 3)])
        func heaviest(_ event: some DomainEvent) async throws -> (offset: UInt64, records: [PersonalRecord?]) {
            let offset = try await scratch.offset(of: event)
            return (offset, try await asOf(offset, scratch).map { try $0.records(for: .n(3))?.heaviestWeightKg })
        }
        let logged = try await heaviest(Lifting.set(104, entry: 204, set: 1022, .kilograms(190), 2, at: "2026-03-04T07:10:00Z"))
        let loweredTop = try await heaviest(Lifting.correct(103, set: 1021, Lifting.performance(.kilograms(170), 1)))
        let raisedFirst = try await heaviest(Lifting.correct(103, set: 1020, Lifting.performance(.kilograms(185), 3)))
        let removed = try await heaviest(SetRemoved(workoutID: .n(104), setID: .n(1022)))
        try await scratch.record(ExerciseRemovedFromWorkout(workoutID: .n(103), entryID: .n(203)))

        for index in 0..<2 {
            // Before any correction: 200 kg (set 1021).
            #expect(logged.records[index]?.value == 200)
            // 1021 corrected to 170: the best left is 190 (set 1022), ahead of 180.
            #expect(loweredTop.records[index]?.setID == .n(1022))
            // 1020 corrected to 185: still below 190.
            #expect(raisedFirst.records[index]?.value == 190)
            // 1022 removed: 185 (set 1020), set by the correction's offset, dated when the set was logged.
            let fallback = try #require(removed.records[index])
            #expect(fallback.value == 185 && fallback.setID == .n(1020) && fallback.offset == raisedFirst.offset)
            #expect(fallback.achievedAt == .at("2026-03-02T07:10:00Z"))
        }
        // Workout 103's deadlifts removed too: nothing is left to hold a record.
        for model in try await records(scratch) {
            #expect(try model.records(for: .n(3))?.heaviestWeightKg == nil)
            #expect(try model.progression(of: .n(3), .heaviestWeight).isEmpty)
            #expect(try model.allRecords().isEmpty)
        }
    }

    @Test("Bodyweight exercises count the day's bodyweight (or the latest before) plus the added load")
    func bodyweight() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(4, "Pull-Up", kind: .bodyweight),
            BodyweightRecorded(entryID: .n(900), weight: .kilograms(80), recordedAt: .at("2026-03-01T07:00:00Z")),
            Lifting.start(105, "2026-03-02T07:00:00Z"), Lifting.add(105, entry: 205, exercise: 4),
            Lifting.set(105, entry: 205, set: 1030, .kilograms(0), 10, at: "2026-03-02T07:10:00Z"),
            Lifting.start(106, "2026-03-03T07:00:00Z"), Lifting.add(106, entry: 206, exercise: 4),
        ])
        let addedLoad = try await scratch.offset(of: Lifting.set(106, entry: 206, set: 1031, .kilograms(10), 5,
                                                                 at: "2026-03-03T07:10:00Z"))
        // Before the evening weigh-in, 2026-03-03 uses 2026-03-01's 80 kg: 80 + 10 = 90.
        for before in try await asOf(addedLoad, scratch) {
            #expect(try before.records(for: .n(4))?.heaviestWeightKg?.value == 90)
        }
        // Weighed that evening, after training: still that day's bodyweight.
        try await scratch.record(BodyweightRecorded(entryID: .n(901), weight: .pounds(180), recordedAt: .at("2026-03-03T20:00:00Z")))

        for model in try await records(scratch) {
            let pullUp = try #require(try model.records(for: .n(4)))
            // 180 lb × 0.45359237 = 81.6466266 kg, + 10 kg added = 91.6466266 kg.
            #expect(Lifting.approx(pullUp.heaviestWeightKg?.value, 91.6466266) && pullUp.heaviestWeightKg?.reps == 5)
            // 2026-03-02 had no entry of its own: the 80 kg of 2026-03-01.
            #expect(pullUp.mostReps?.value == 10 && pullUp.mostReps?.weightKg == 80)
            // Volume has one rule everywhere (issue 19, seed 001: load × reps): the bare set
            // has none, the added 10 kg × 5 = 50 kg is the best.
            #expect(pullUp.bestSetVolumeKg?.value == 50 && pullUp.bestSetVolumeKg?.setID == .n(1031))
            #expect(pullUp.bestSessionVolumeKg?.value == 50)
        }
    }

    @Test("Time and distance exercises: longest duration, longest distance, fastest pace")
    func timeAndDistance() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(5, "Plank", kind: .time), Lifting.exercise(6, "Run", kind: .distance),
            Lifting.start(107, "2026-03-02T07:00:00Z"), Lifting.add(107, entry: 207, exercise: 5),
            Lifting.add(107, entry: 208, exercise: 6, position: 2),
            Lifting.set(107, entry: 207, set: 1040, seconds: 60, at: "2026-03-02T07:01:00Z"),
            Lifting.set(107, entry: 207, set: 1041, seconds: 90, at: "2026-03-02T07:03:00Z"),
            Lifting.set(107, entry: 207, set: 1042, seconds: 90, at: "2026-03-02T07:05:00Z"),
            Lifting.set(107, entry: 207, set: 1043, type: .warmup, seconds: 120, at: "2026-03-02T07:07:00Z"),
            Lifting.set(107, entry: 208, set: 1044, seconds: 1500, metres: 5000, at: "2026-03-02T07:40:00Z"),
            Lifting.set(107, entry: 208, set: 1045, seconds: 840, metres: 3000, at: "2026-03-02T08:00:00Z"),
            Lifting.set(107, entry: 208, set: 1046, metres: 10000, at: "2026-03-02T09:00:00Z"),
        ])
        for model in try await records(scratch) {
            // 90 s twice: the first (1041) holds it; the 120 s warm-up never counts.
            let plank = try #require(try model.records(for: .n(5))?.longestDurationSeconds)
            #expect(plank.value == 90 && plank.setID == .n(1041))
            let run = try #require(try model.records(for: .n(6)))
            // Paces: 1500 s / 5 km = 300 s/km, then 840 s / 3 km = 280 s/km (faster); 10 km has no time.
            #expect(run.fastestPaceSecondsPerKm?.value == 280 && run.fastestPaceSecondsPerKm?.setID == .n(1045))
            #expect(try model.progression(of: .n(6), .fastestPace).map(\.value) == [300, 280])
            #expect(run.longestDistanceMetres?.value == 10000)
            #expect(run.heaviestWeightKg == nil && run.mostReps == nil)
        }
    }

    @Test("Deleted workouts hold no records, and later sets logged to them are ignored")
    func deletedWorkouts() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"),
            Lifting.start(108, "2026-03-02T07:00:00Z"), Lifting.add(108, entry: 209, exercise: 1),
            Lifting.set(108, entry: 209, set: 1050, .kilograms(120), 1, at: "2026-03-02T07:10:00Z"),
            Lifting.start(109, "2026-03-03T07:00:00Z"), Lifting.add(109, entry: 210, exercise: 1),
            Lifting.set(109, entry: 210, set: 1051, .kilograms(150), 1, at: "2026-03-03T07:10:00Z"),
            WorkoutDeleted(workoutID: .n(109)),
            Lifting.set(109, entry: 210, set: 1052, .kilograms(160), 1, at: "2026-03-03T07:20:00Z"),
        ])
        for model in try await records(scratch) {
            // 150 and 160 were in the deleted workout: 120 stands.
            #expect(try model.records(for: .n(1))?.heaviestWeightKg?.value == 120)
            #expect(try model.progression(of: .n(1), .heaviestWeight).map(\.value) == [120])
        }
    }

    @Test("A deleted exercise keeps its records; caught up a few events at a time, the state is the bytes of one fold")
    func deletedExerciseAndSteps() async throws {
        // Catch-ups in steps must store exactly what one fold does.
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(4, "Pull-Up", kind: .bodyweight),
            BodyweightRecorded(entryID: .n(900), weight: .pounds(180), recordedAt: .at("2026-03-01T07:00:00Z")),
            Lifting.start(105, "2026-03-02T07:00:00Z"), Lifting.add(105, entry: 205, exercise: 4),
            Lifting.set(105, entry: 205, set: 1030, .kilograms(5), 8, rpe: 8.5, at: "2026-03-02T07:10:00Z"),
            Lifting.set(105, entry: 205, set: 1031, seconds: 30, metres: 100, at: "2026-03-02T07:12:00Z"),
            ExerciseDeleted(exerciseID: .n(4)),
        ])
        for model in try await records(scratch) {
            #expect(try model.records(for: .n(4))?.isDeleted == true)
        }
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(PersonalRecords.models, copying: scratch, eventsPerStep: 2)
        #expect(stepped == folded)
    }
}
