import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The exercise totals of the keyed training state against a plain fold of the one rule of
/// identity (``IdentityReferenceStats``), on random logs whose ids collide on purpose: entries
/// added twice, sets logged twice under other entries, corrections and removals of sets that
/// are gone or never were, workouts started after their exercises, exercises deleted that were
/// never created.
@Suite("Exercise totals against a reference fold (keyed state)")
struct ExerciseStatsReferenceStateTests {
    @Test("Every answer equals the reference's, folded and caught up, and catch-ups in steps give the same state",
          arguments: [1, 2, 3, 4, 5])
    func answersEqualTheReference(seed: UInt64) async throws {
        let events = Self.randomLog(seed: seed, count: 400)
        let scratch = try await ScratchLog()
        try await scratch.record(events)
        var reference = IdentityReferenceStats()
        for event in events { reference.apply(event) }

        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(PersonalRecords.models, copying: scratch,
                                                                         eventsPerStep: 7, batchSize: 3)
        #expect(stepped == folded)
        for store in try await scratch.stores(PersonalRecords.models) {
            let records = PersonalRecords(store)
            Self.expectEqual(try records.allStatistics(includeUnused: true), reference.allStatistics(), seed: seed)
            for exercise in 0..<7 {
                Self.expectEqual(try records.statistics(for: .n(exercise)).map { [$0] } ?? [],
                                 reference.statistics(for: .n(exercise)).map { [$0] } ?? [], seed: seed)
            }
        }
        #expect(reference.allStatistics().reduce(0) { $0 + $1.sets } > 10)
    }

    /// Rows equal field by field; volumes to within rounding, since the state moves a total by
    /// each set's change while the reference sums the sets standing at the end.
    static func expectEqual(_ rows: [ExerciseStatistics], _ expected: [ExerciseStatistics], seed: UInt64,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rows.map(\.exerciseID) == expected.map(\.exerciseID), sourceLocation: sourceLocation)
        #expect(rows.map(\.lastPerformedAt) == expected.map(\.lastPerformedAt), sourceLocation: sourceLocation)
        for (row, want) in zip(rows, expected) {
            var rounded = row
            rounded.totalVolumeKg = want.totalVolumeKg
            #expect(rounded == want, sourceLocation: sourceLocation)
            #expect(abs(row.totalVolumeKg - want.totalVolumeKg) <= 1e-9 * max(1, want.totalVolumeKg),
                    "\(row.exercise): \(row.totalVolumeKg) vs \(want.totalVolumeKg)", sourceLocation: sourceLocation)
        }
    }

    /// Lifting events over small pools of ids, so that they collide.
    static func randomLog(seed: UInt64, count: Int) -> [any DomainEvent] {
        var random = SplitMix(seed: seed)
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

    static func performance(_ random: inout SplitMix) -> SetPerformance {
        let weight = random.below(2) == 0 ? Mass.kilograms(Double(random.below(81)) * 2.5) : Mass.pounds(Double(random.below(90)) * 5)
        return Lifting.performance(weight, 1 + random.below(12), type: [.warmup, .normal, .dropset, .failure][random.below(4)],
                                   completed: random.below(5) != 0)
    }

    /// A small seeded generator (SplitMix64), so each seed gives the same log.
    struct SplitMix {
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
}
