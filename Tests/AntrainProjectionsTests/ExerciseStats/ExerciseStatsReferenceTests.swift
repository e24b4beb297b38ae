import AntrainEvents
@testable import AntrainProjections
import Foundation
import OrderedCollections
import Testing

/// The exercise totals of ``LegacyPersonalRecords`` against a plain fold of their rules, on random
/// logs whose ids collide on purpose: entries added twice, sets logged twice under other
/// entries, corrections and removals of sets that are gone or never were, workouts started
/// after their exercises, exercises deleted that were never created.
@Suite("Exercise totals against a reference fold")
struct ExerciseStatsReferenceTests {
    @Test("Every answer equals the reference's, and any batch split gives the same checkpoint", arguments: [1, 2, 3, 4, 5])
    func answersEqualTheReference(seed: UInt64) async throws {
        let events = Self.randomLog(seed: seed, count: 400)
        let scratch = try await ScratchLog()
        try await scratch.record(events)
        var stored: [StoredEvent] = []
        try await scratch.log.replay { stored.append($0) }
        #expect(stored.count == events.count)

        var whole = LegacyPersonalRecords()
        whole.apply(stored)
        var random = RandomNumbers(seed: seed)
        var split = LegacyPersonalRecords()
        var start = 0
        while start < stored.count {
            let end = min(stored.count, start + 1 + random.below(12))
            split.apply(stored[start..<end])
            start = end
        }
        #expect(split == whole)
        let bytes = { (model: LegacyPersonalRecords) in try Checkpoint(name: "", version: 1, position: .start, state: model).stateBytes }
        #expect(try bytes(split) == bytes(whole))
        let restored = try Checkpoint(name: "", version: 1, position: .start, state: whole).state(as: LegacyPersonalRecords.self)
        #expect(restored == whole)

        var reference = ReferenceStats()
        for event in events { reference.apply(event) }
        let totals = whole.exerciseTotals()
        #expect(totals.allStatistics(includeUnused: true) == reference.allStatistics())
        #expect(restored.exerciseTotals() == totals)
        #expect(whole.digest().exerciseTotals() == totals)
        for exercise in 0..<7 {
            #expect(totals.statistics(for: .n(exercise)) == reference.statistics(for: .n(exercise)))
        }
        #expect(reference.allStatistics().reduce(0) { $0 + $1.sets } > 10)
    }

    /// Lifting events over small pools of ids, so that they collide.
    static func randomLog(seed: UInt64, count: Int) -> [any DomainEvent] {
        var random = RandomNumbers(seed: seed)
        var events: [any DomainEvent] = [Lifting.exercise(1, "Bench"), Lifting.exercise(2, "Squat"), Lifting.exercise(3, "Row")]
        // Four workouts from the start; the other two only when the dice start them.
        events += (100..<104).map { Lifting.start($0, "2026-03-0\($0 - 99)T07:00:00Z") }
        for _ in 0..<count {
            let workout = 100 + random.below(6), entry = 200 + random.below(14), set = 1000 + random.below(150)
            let exercise = random.below(6)
            switch random.below(100) {
            case 0..<5: events.append(Lifting.start(workout, "2026-03-0\(1 + random.below(9))T07:00:00Z"))
            case 5..<8: events.append(Lifting.complete(workout, "2026-03-10T08:00:00Z", seconds: 3600))
            case 8..<9: events.append(WorkoutDeleted(workoutID: .n(workout)))
            case 9..<20: events.append(Lifting.add(workout, entry: entry, exercise: exercise))
            case 20..<22: events.append(ExerciseRemovedFromWorkout(workoutID: .n(workout), entryID: .n(entry)))
            case 22..<27: events.append(Lifting.correct(workout, set: set, performance(&random)))
            case 27..<31: events.append(SetRemoved(workoutID: .n(workout), setID: .n(set)))
            case 31..<32: events.append(ExerciseUpdated(exerciseID: .n(exercise), definition: Lifting.definition("Lift \(exercise)")))
            case 32..<33: events.append(ExerciseDeleted(exerciseID: .n(exercise)))
            default:
                events.append(SetLogged(workoutID: .n(workout), entryID: .n(entry), setID: .n(set),
                                        performance: performance(&random), loggedAt: .at("2026-03-10T07:30:00Z")))
            }
        }
        return events
    }

    static func performance(_ random: inout RandomNumbers) -> SetPerformance {
        let weight = random.below(2) == 0 ? Mass.kilograms(Double(random.below(81)) * 2.5) : Mass.pounds(Double(random.below(90)) * 5)
        return Lifting.performance(weight, 1 + random.below(12), type: [.warmup, .normal, .dropset, .failure][random.below(4)],
                                   completed: random.below(5) != 0)
    }
}

/// A small seeded generator (SplitMix64), so each seed gives the same log.
struct RandomNumbers {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
