import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// The rare paths of personal records through the keyed facade: a set id logged twice, an entry
// id added twice, weigh-ins out of order and an exercise whose kind changes. Each expectation
// is worked out by hand; the few that differ from what the legacy (memory-image) model
// answered follow the one rule of identity of the training state, and say why.

/// The personal records of `scratch`: folded in memory, and the log's store caught up.
private func records(_ scratch: ScratchLog) async throws -> [PersonalRecords] {
    try await scratch.stores(PersonalRecords.models).map { PersonalRecords($0) }
}

/// The log's store caught up now, and a store travelled to `offset`: the same moment twice.
private func asOf(_ offset: UInt64, _ scratch: ScratchLog) async throws -> [PersonalRecords] {
    [PersonalRecords(try await scratch.caughtUp(PersonalRecords.models).store),
     PersonalRecords(try await scratch.state(PersonalRecords.models, through: offset))]
}

@Suite("Personal records edge cases (keyed state)")
struct PersonalRecordsEdgeStateTests {
    @Test("A set id logged again in its workout is ignored; corrections reach the set the workout holds under that id")
    func repeatedSetID() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"), Lifting.exercise(2, "Squat"),
            Lifting.start(100, "2026-03-02T07:00:00Z"),
            Lifting.add(100, entry: 200, exercise: 1), Lifting.add(100, entry: 201, exercise: 2),
            Lifting.set(100, entry: 200, set: 1001, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"),
        ])
        // The same set id, logged for the squat: ignored, so the squat has no set at all.
        let repeated = try await scratch.offset(of: Lifting.set(100, entry: 201, set: 1001, .kilograms(150), 1,
                                                                at: "2026-03-02T07:15:00Z"))
        for afterRepeat in try await asOf(repeated, scratch) {
            #expect(try afterRepeat.records(for: .n(1))?.heaviestWeightKg?.value == 100)
            #expect(try afterRepeat.records(for: .n(2))?.heaviestWeightKg == nil)
        }
        let ignored = try await scratch.offset(of: Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(50), 5)))
        for afterCorrection in try await asOf(ignored, scratch) {
            // One rule of identity (docs/PROJECTIONS.md): the repeated SetLogged was ignored
            // outright, so set 1001 of workout 100 is still the bench set and the correction
            // changes it to 50 kg. The legacy records had the repeat re-point the set to the
            // squat, so that the correction missed it and 100 stood.
            #expect(try afterCorrection.records(for: .n(1))?.heaviestWeightKg?.value == 50)
        }
        // Logged again for the bench: still ignored; the next correction reaches the bench set.
        try await scratch.record(Lifting.set(100, entry: 200, set: 1001, .kilograms(20), 5, at: "2026-03-02T07:20:00Z"))
        try await scratch.record(Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(80), 5)))

        for model in try await records(scratch) {
            let bench = try #require(try model.records(for: .n(1))?.heaviestWeightKg)
            #expect(bench.value == 80 && bench.setID == .n(1001))
            #expect(try model.progression(of: .n(1), .heaviestWeight).map(\.value) == [80])
            #expect(try model.records(for: .n(2))?.heaviestWeightKg == nil)
        }
    }

    @Test("A set is known by its id within its workout: the same id in another workout is another set")
    func setIDsBelongToTheirWorkout() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"),
            Lifting.start(100, "2026-03-02T07:00:00Z"), Lifting.add(100, entry: 200, exercise: 1),
            Lifting.set(100, entry: 200, set: 1001, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"),
            Lifting.start(101, "2026-03-04T07:00:00Z"), Lifting.add(101, entry: 201, exercise: 1),
            // The same set id in workout 101: a second set, and the heavier one.
            Lifting.set(101, entry: 201, set: 1001, .kilograms(110), 3, at: "2026-03-04T07:10:00Z"),
        ])
        for model in try await records(scratch) {
            #expect(try model.records(for: .n(1))?.heaviestWeightKg?.value == 110)
        }

        // A correction changes the set of the workout it names: workout 100's, so 110 stands.
        try await scratch.record(Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(90), 5)))
        // One naming a workout without that set, or one never started, changes nothing.
        try await scratch.record(Lifting.correct(102, set: 1001, Lifting.performance(.kilograms(200), 5)))
        for model in try await records(scratch) {
            #expect(try model.records(for: .n(1))?.heaviestWeightKg?.value == 110)
        }

        // Removing workout 101's set leaves workout 100's, as corrected: 90 kg.
        try await scratch.record(SetRemoved(workoutID: .n(101), setID: .n(1001)))
        for model in try await records(scratch) {
            let heaviest = try #require(try model.records(for: .n(1))?.heaviestWeightKg)
            #expect(heaviest.value == 90 && heaviest.setID == .n(1001))
            #expect(try model.records(for: .n(1))?.mostReps?.value == 5)
        }
    }

    @Test("An entry id added again is ignored: the entry keeps its exercise, and removing it removes all its sets")
    func entryAddedAgainForAnotherExercise() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"), Lifting.exercise(2, "Incline Press"),
            Lifting.start(100, "2026-03-02T07:00:00Z"),
            Lifting.add(100, entry: 200, exercise: 1),
            Lifting.set(100, entry: 200, set: 1001, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"),
            // The entry id added again, for the incline press: ignored, entry 200 stays the bench.
            Lifting.add(100, entry: 200, exercise: 2),
            Lifting.add(100, entry: 201, exercise: 2, position: 2),
            Lifting.set(100, entry: 201, set: 1002, .kilograms(40), 8, at: "2026-03-02T07:20:00Z"),
            Lifting.set(100, entry: 200, set: 1003, .kilograms(60), 8, at: "2026-03-02T07:30:00Z"),
            Lifting.set(100, entry: 201, set: 1004, .kilograms(45), 8, at: "2026-03-02T07:40:00Z"),
            ExerciseRemovedFromWorkout(workoutID: .n(100), entryID: .n(200)),
        ])
        for model in try await records(scratch) {
            // One rule of identity (docs/PROJECTIONS.md): the second ExerciseAddedToWorkout of
            // entry 200 is ignored, so set 1003 is a bench set and removing the entry takes
            // both bench sets (1001 and 1003): no bench set is left to hold a record. The
            // legacy records re-pointed the entry to the incline press, removed only set 1003
            // from it, and kept the bench's 100 kg.
            #expect(try model.records(for: .n(1))?.heaviestWeightKg == nil)
            let incline = try #require(try model.records(for: .n(2))?.heaviestWeightKg)
            #expect(incline.value == 45 && incline.setID == .n(1004))
            #expect(try model.progression(of: .n(2), .heaviestWeight).map(\.value) == [40, 45])
            // Session volume of the incline press: 40 × 8 + 45 × 8 = 680, reached at set 1004.
            #expect(try model.records(for: .n(2))?.bestSessionVolumeKg?.value == 680)
        }
    }

    @Test("Weigh-ins out of order: a set takes the last entry of its day, else the latest before it")
    func weighInsOutOfOrder() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(4, "Pull-Up", kind: .bodyweight),
            BodyweightRecorded(entryID: .n(900), weight: .kilograms(80), recordedAt: .at("2026-03-01T07:00:00Z")),
            Lifting.start(105, "2026-03-03T07:00:00Z"), Lifting.add(105, entry: 205, exercise: 4),
            Lifting.set(105, entry: 205, set: 1030, .kilograms(0), 10, at: "2026-03-03T07:10:00Z"),
        ])
        // The heaviest pull-up once `event` is in, asked of the log's store caught up after it and
        // of a store travelled to it: both must agree.
        func heaviest(_ event: some DomainEvent) async throws -> Double? {
            let offset = try await scratch.offset(of: event)
            let answers = try await asOf(offset, scratch).map { try $0.records(for: .n(4))?.heaviestWeightKg?.value }
            #expect(answers[0] == answers[1])
            return answers[0]
        }
        // A later day changes nothing; a day between (03-02) becomes 03-03's bodyweight.
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(901), weight: .kilograms(82), recordedAt: .at("2026-03-05T07:00:00Z"))) == 80)
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(902), weight: .kilograms(79), recordedAt: .at("2026-03-02T07:00:00Z"))) == 79)
        // An entry of the day itself wins; one measured earlier that day, entered later, does not.
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(903), weight: .kilograms(85), recordedAt: .at("2026-03-03T20:00:00Z"))) == 85)
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(904), weight: .kilograms(70), recordedAt: .at("2026-03-03T06:00:00Z"))) == 85)
        // A set of 03-04 takes 03-03's last entry (85), then that day's own entry (90).
        try await scratch.record([Lifting.start(106, "2026-03-04T07:00:00Z"), Lifting.add(106, entry: 206, exercise: 4),
                                  Lifting.set(106, entry: 206, set: 1031, .kilograms(0), 5, at: "2026-03-04T07:10:00Z")])
        for model in try await records(scratch) {
            #expect(try model.progression(of: .n(4), .heaviestWeight).map(\.value) == [85])
        }
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(905), weight: .kilograms(90), recordedAt: .at("2026-03-04T21:00:00Z"))) == 90)
        for model in try await records(scratch) {
            #expect(try model.progression(of: .n(4), .heaviestWeight).map(\.value) == [85, 90])
            #expect(try model.records(for: .n(4))?.mostReps?.weightKg == 85)
        }
    }

    @Test("An exercise that becomes a bodyweight one counts the bodyweight in every set, and stops when it changes back")
    func kindChanges() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(7, "Dip"),
            BodyweightRecorded(entryID: .n(900), weight: .kilograms(80), recordedAt: .at("2026-03-01T07:00:00Z")),
            Lifting.start(100, "2026-03-02T07:00:00Z"), Lifting.add(100, entry: 200, exercise: 7),
            Lifting.set(100, entry: 200, set: 1001, .kilograms(10), 5, at: "2026-03-02T07:10:00Z"),
        ])
        for model in try await records(scratch) {
            #expect(try model.records(for: .n(7))?.heaviestWeightKg?.value == 10)
        }
        try await scratch.record(ExerciseUpdated(exerciseID: .n(7), definition: Lifting.definition("Dip", kind: .bodyweight)))
        for bodyweight in try await records(scratch) {
            #expect(try bodyweight.records(for: .n(7))?.heaviestWeightKg?.value == 90)
            // The load records weigh the bodyweight; volume stays the added load × reps (issue 19).
            #expect(try bodyweight.progression(of: .n(7), .bestSetVolume).map(\.value) == [50])
        }
        try await scratch.record(ExerciseUpdated(exerciseID: .n(7), definition: Lifting.definition("Dips")))
        for back in try await records(scratch) {
            #expect(try back.records(for: .n(7))?.heaviestWeightKg?.value == 10 && back.records(for: .n(7))?.exercise == "Dips")
        }
    }
}

/// Records are folded again when a batch ends (corrections, removals, late weigh-ins): wherever
/// the batches end, the state must be the one that applying the events one at a time gives.
@Suite("Personal records filed in batches (keyed state)")
struct PersonalRecordsBatchStateTests {
    @Test("One event per batch, small batches and one batch give the same state, byte for byte")
    func batchBoundaries() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 31), to: scratch.log)
        var dumps: [[String: [StateEntry]]] = []
        for batchSize in [1, 7, 1_000_000] {
            let store = try await ProjectionStore(logDirectory: scratch.path, models: PersonalRecords.models, batchSize: batchSize)
                .rebuild(scratch.log).store
            dumps.append(try StateTesting.dump(store, PersonalRecords.models))
        }
        #expect(dumps[0] == dumps[1] && dumps[1] == dumps[2])
        let store = try await scratch.state(PersonalRecords.models)
        #expect(try StateTesting.dump(store, PersonalRecords.models) == dumps[2])
        #expect(try PersonalRecords(store).allRecords().count > 5)
    }
}
