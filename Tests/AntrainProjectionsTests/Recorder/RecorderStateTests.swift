import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
@testable import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

/// The recorder's keyed facts: on generated logs, a store caught up in random steps equals one
/// rebuild byte for byte, and a catch-up after one set rewrites only its workout's keys; values
/// read back what they wrote; an id prefix finds its workouts.
@Suite("Recorder (keyed state): stepped and rebuilt, values and id prefixes")
struct RecorderStateTests {
    static let models = Recorder.models

    @Test("Caught up in random steps while the log grows equals one rebuild, key for key and byte for byte", arguments: [3, 11])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: seed)
        let models: [any KeyedReadModel.Type] = [RecorderProjection.self]
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(models, batches: batches, seed: seed)
        #expect(steps > 5)
        #expect(stepped == rebuilt)
        #expect((rebuilt["recorder/workouts"]?.count ?? 0) > 100)
        // Only the active workout keeps its contents.
        #expect((rebuilt["recorder/live"]?.count ?? 0) <= 1)
        #expect(rebuilt["recorder/live"]?.map(\.key) == rebuilt["recorder/current"]?.map(\.value))
    }

    @Test("A catch-up after one set folds that event alone and rewrites only its workout's keys")
    func catchUpTouchesOnlyItsWorkout() async throws {
        let scratch = try await ScratchLog("recorder")
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4), to: scratch.log)
        let recorder = try Recorder(log: scratch.log)
        let exercise = try #require(try await recorder.facts().library.allExercises().first)
        try await recorder.execute(.startWorkout(workoutID: .n(10), type: .lifting, at: .at("2025-06-01T07:00:00Z")))
        let before = try StateTesting.dump(try await scratch.caughtUp([RecorderProjection.self]).store, [RecorderProjection.self])
        try await recorder.execute(.logSet(workoutID: .n(10), entryID: .n(20), exerciseID: exercise.id, setID: .n(30),
                                           performance: .lifted(100, 5), at: .at("2025-06-01T07:05:00Z")))
        let second = try await scratch.caughtUp([RecorderProjection.self])
        #expect(second.summary.decoded == 2)
        let after = try StateTesting.dump(second.store, [RecorderProjection.self])
        for keyspace in ["recorder/workouts", "recorder/live"] {
            let changed = Set(after[keyspace]!.map { $0.key + $0.value }).symmetricDifference(before[keyspace]!.map { $0.key + $0.value })
            #expect(Set(changed.map { Array($0.prefix(16)) }) == [UUID.n(10).keyBytes], "\(keyspace)")
        }
        #expect(after["recorder/current"] == before["recorder/current"])
    }

    @Test("Values read back what they wrote; entries and sets follow history's rule of identity")
    func valuesRoundTrip() throws {
        var contents = WorkoutContents()
        contents.add(entry: .n(1), exercise: .n(2), position: 1)
        // Position 1 puts entry 3 first, as ExerciseAddedToWorkout places it in history.
        contents.add(entry: .n(3), exercise: .n(4), position: 1)
        contents.log(set: .n(5), entry: .n(3), completed: true)
        // A set of no entry of the workout, and a set id logged again, change nothing.
        contents.log(set: .n(6), entry: .n(9), completed: false)
        contents.log(set: .n(7), entry: .n(1), completed: false)
        contents.log(set: .n(5), entry: .n(1), completed: false)
        // An entry added again keeps its place and its first exercise.
        contents.add(entry: .n(1), exercise: .n(8), position: 1)
        #expect(contents.entries.map(\.entryID) == [.n(3), .n(1)] && contents.exercise(ofEntry: .n(1)) == .n(2))
        #expect(contents.sets.map(\.setID) == [.n(5), .n(7)] && contents.sets[0].entryID == .n(3) && contents.sets[0].completed)
        #expect(contents.lastEntry(of: .n(8)) == nil && contents.exercise(ofEntry: .n(3)) == .n(4))
        #expect(try WorkoutContents.decoded(contents.encoded, in: RecorderProjection.live) == contents)
        // A position past the end puts the entry last.
        contents.add(entry: .n(10), exercise: .n(11), position: 99)
        contents.remove(entry: .n(3))
        #expect(contents.entries.map(\.entryID) == [.n(1), .n(10)] && contents.sets.map(\.setID) == [.n(7)])
        #expect(try WorkoutContents.decoded(contents.encoded, in: RecorderProjection.live) == contents)
        let workout = RecordedWorkout(type: .metcon, status: .logged, firstOffset: 1 << 40, lastOffset: (1 << 40) + 3)
        #expect(try RecordedWorkout.decoded(workout.encoded, in: RecorderProjection.workouts) == workout)
        #expect(workout.encoded.count == 2 + 6 + 1)
    }

    @Test("An id prefix reads its range of keys: whole and half bytes, the last byte 0xFF, dashes and case ignored")
    func idPrefixes() async throws {
        let ids = ["3F2A9C1B-0000-4000-8000-000000000002", "3F2A9C1B-0000-4000-8000-000000000001", "3F2B0000-0000-4000-8000-000000000000",
                   "FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF", "FFFFF000-0000-4000-8000-000000000000"].map { UUID(uuidString: $0)! }
        let scratch = try await ScratchLog("recorder")
        for (index, id) in ids.enumerated() {
            try await scratch.record(WorkoutStarted(workoutID: id, type: .lifting, startedAt: .at("2026-03-02T07:00:00Z").adding(seconds: Double(index))))
        }
        let facts = RecorderFacts(try await scratch.state(Recorder.models), log: scratch.log)
        #expect(try facts.workouts(idPrefix: "3f2a9") == [ids[0], ids[1]], "in the order they were made")
        #expect(try facts.workouts(idPrefix: "3F2A9C1B-0000-4000-8000-000000000001") == [ids[1]])
        #expect(try facts.workouts(idPrefix: "3F2") == [ids[0], ids[1], ids[2]])
        #expect(try facts.workouts(idPrefix: "3f2b") == [ids[2]])
        #expect(try facts.workouts(idPrefix: "FFFFF") == [ids[3], ids[4]])
        #expect(try facts.workouts(idPrefix: "FFFFFFFF-F") == [ids[3]])
        #expect(try facts.workouts(idPrefix: "fffff0") == [ids[4]])
        #expect(try facts.workouts(idPrefix: "F") == [ids[3], ids[4]])
        #expect(try facts.workouts(idPrefix: "zz").isEmpty && facts.workouts(idPrefix: "").isEmpty && facts.workouts(idPrefix: "4").isEmpty)
        // The last started is the active one; the others are still active too, their contents read back.
        #expect(try facts.activeWorkoutID() == ids[4])
        #expect(try await facts.contents(of: ids[0]) == WorkoutContents())
    }
}
