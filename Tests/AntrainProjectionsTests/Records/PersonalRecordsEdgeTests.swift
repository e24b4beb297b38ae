import AntrainEvents
import AntrainProjections
import Foundation
import Testing

/// The rare paths of ``LegacyPersonalRecords``: a set id logged twice, an entry moved to another
/// exercise, weigh-ins out of order and an exercise whose kind changes. Each expectation is
/// worked out by hand from the rules in the model's doc comment.
@Suite("LegacyPersonalRecords edge cases")
struct PersonalRecordsEdgeTests {
    @Test("A set id logged again is ignored; corrections follow the exercise it was last logged for")
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
        // The correction looks in the squat's records, where the set is not: nothing changes.
        let ignored = try await scratch.offset(of: Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(50), 5)))
        // Logged again for the bench: still ignored, but corrections reach the bench set again.
        try await scratch.record(Lifting.set(100, entry: 200, set: 1001, .kilograms(20), 5, at: "2026-03-02T07:20:00Z"))
        try await scratch.record(Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(80), 5)))

        let afterRepeat = try await ProjectionRunner.state(of: LegacyPersonalRecords.self, in: scratch.log, asOf: .offset(repeated))
        #expect(afterRepeat.records(for: .n(1))?.heaviestWeightKg?.value == 100)
        #expect(afterRepeat.records(for: .n(2))?.heaviestWeightKg == nil)
        let afterIgnored = try await ProjectionRunner.state(of: LegacyPersonalRecords.self, in: scratch.log, asOf: .offset(ignored))
        #expect(afterIgnored.records(for: .n(1))?.heaviestWeightKg?.value == 100)
        let model = try await scratch.model(LegacyPersonalRecords.self)
        let bench = try #require(model.records(for: .n(1))?.heaviestWeightKg)
        #expect(bench.value == 80 && bench.setID == .n(1001))
        #expect(model.progression(of: .n(1), .heaviestWeight).map(\.value) == [80])
        #expect(model.records(for: .n(2))?.heaviestWeightKg == nil)
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
        var model = try await scratch.model(LegacyPersonalRecords.self)
        #expect(model.records(for: .n(1))?.heaviestWeightKg?.value == 110)

        // A correction changes the set of the workout it names: workout 100's, so 110 stands.
        try await scratch.record(Lifting.correct(100, set: 1001, Lifting.performance(.kilograms(90), 5)))
        // One naming a workout without that set, or one never started, changes nothing.
        try await scratch.record(Lifting.correct(102, set: 1001, Lifting.performance(.kilograms(200), 5)))
        model = try await scratch.model(LegacyPersonalRecords.self)
        #expect(model.records(for: .n(1))?.heaviestWeightKg?.value == 110)

        // Removing workout 101's set leaves workout 100's, as corrected: 90 kg.
        try await scratch.record(SetRemoved(workoutID: .n(101), setID: .n(1001)))
        model = try await scratch.model(LegacyPersonalRecords.self)
        let heaviest = try #require(model.records(for: .n(1))?.heaviestWeightKg)
        #expect(heaviest.value == 90 && heaviest.setID == .n(1001))
        #expect(model.records(for: .n(1))?.mostReps?.value == 5)
    }

    @Test("Removing an entry removes its sets from the exercise it names now, wherever its first set went")
    func entryMovedToAnotherExercise() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record([
            Lifting.exercise(1, "Bench Press"), Lifting.exercise(2, "Incline Press"),
            Lifting.start(100, "2026-03-02T07:00:00Z"),
            Lifting.add(100, entry: 200, exercise: 1),
            Lifting.set(100, entry: 200, set: 1001, .kilograms(100), 5, at: "2026-03-02T07:10:00Z"),
            // The entry is pointed at the incline press: its next set is an incline set.
            Lifting.add(100, entry: 200, exercise: 2),
            Lifting.add(100, entry: 201, exercise: 2, position: 2),
            Lifting.set(100, entry: 201, set: 1002, .kilograms(40), 8, at: "2026-03-02T07:20:00Z"),
            Lifting.set(100, entry: 200, set: 1003, .kilograms(60), 8, at: "2026-03-02T07:30:00Z"),
            Lifting.set(100, entry: 201, set: 1004, .kilograms(45), 8, at: "2026-03-02T07:40:00Z"),
            ExerciseRemovedFromWorkout(workoutID: .n(100), entryID: .n(200)),
        ])
        let model = try await scratch.model(LegacyPersonalRecords.self)
        // The entry names the incline press now: only its incline set (1003) goes, and the
        // bench set it had before stays.
        #expect(model.records(for: .n(1))?.heaviestWeightKg?.value == 100)
        let incline = try #require(model.records(for: .n(2))?.heaviestWeightKg)
        #expect(incline.value == 45 && incline.setID == .n(1004))
        #expect(model.progression(of: .n(2), .heaviestWeight).map(\.value) == [40, 45])
        // Session volume of the incline press: 40 × 8 + 45 × 8 = 680, reached at set 1004.
        #expect(model.records(for: .n(2))?.bestSessionVolumeKg?.value == 680)
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
        func heaviest(_ event: some DomainEvent) async throws -> Double? {
            let offset = try await scratch.offset(of: event)
            return try await ProjectionRunner.state(of: LegacyPersonalRecords.self, in: scratch.log, asOf: .offset(offset))
                .records(for: .n(4))?.heaviestWeightKg?.value
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
        let model = try await scratch.model(LegacyPersonalRecords.self)
        #expect(model.progression(of: .n(4), .heaviestWeight).map(\.value) == [85])
        #expect(try await heaviest(BodyweightRecorded(entryID: .n(905), weight: .kilograms(90), recordedAt: .at("2026-03-04T21:00:00Z"))) == 90)
        let final = try await scratch.model(LegacyPersonalRecords.self)
        #expect(final.progression(of: .n(4), .heaviestWeight).map(\.value) == [85, 90])
        #expect(final.records(for: .n(4))?.mostReps?.weightKg == 85)
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
        #expect(try await scratch.model(LegacyPersonalRecords.self).records(for: .n(7))?.heaviestWeightKg?.value == 10)
        try await scratch.record(ExerciseUpdated(exerciseID: .n(7), definition: Lifting.definition("Dip", kind: .bodyweight)))
        let bodyweight = try await scratch.model(LegacyPersonalRecords.self)
        #expect(bodyweight.records(for: .n(7))?.heaviestWeightKg?.value == 90)
        #expect(bodyweight.progression(of: .n(7), .bestSetVolume).map(\.value) == [450])
        try await scratch.record(ExerciseUpdated(exerciseID: .n(7), definition: Lifting.definition("Dips")))
        let back = try await scratch.model(LegacyPersonalRecords.self)
        #expect(back.records(for: .n(7))?.heaviestWeightKg?.value == 10 && back.records(for: .n(7))?.exercise == "Dips")
    }
}

/// New sets and entries wait in a queue and are filed in runs; weigh-ins do not wait for it.
/// Wherever the batches end (so wherever the queue is filed), the model must be the one that
/// applying the events one at a time gives.
@Suite("LegacyPersonalRecords filed in runs")
struct PersonalRecordsRunTests {
    @Test("One event per batch, small batches and one batch give the same checkpoint, byte for byte")
    func batchBoundaries() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 31), to: scratch.log)
        var states: [[UInt8]] = []
        for batchSize in [1, 7, 1_000_000] {
            let projection = Projection<LegacyPersonalRecords>()
            try await ProjectionRunner(log: scratch.log, projections: [projection], batchSize: batchSize).catchUp()
            states.append(try await projection.checkpoint().stateBytes)
        }
        #expect(states[0] == states[1] && states[1] == states[2])
        let model = try await scratch.model(LegacyPersonalRecords.self)
        #expect(model.allRecords().count > 5)
    }
}
