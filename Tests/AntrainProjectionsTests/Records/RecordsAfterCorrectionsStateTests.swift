import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A correction or removal of a set that neither holds nor would set a record leaves the
/// records' fold alone (TrainingProjection.leavesRecords); any other folds them again. Either
/// way the records must be those of a log where each set always had its final performance:
/// checked with the whole timeline of every kind, folded at once and caught up step by step.
@Suite("Personal records after corrections that do or do not reach them (keyed state)")
struct RecordsAfterCorrectionsStateTests {
    /// Workout 100 holds the records (3,240 kg of session volume, 12 reps, 750 kg in a set).
    /// Workout 101's running volume ends at 3,200 kg, 40 under it, until its first set gains
    /// 140 kg. Workout 102's two light sets hold nothing, before or after their changes.
    static func log(final: Bool) -> [any DomainEvent] {
        var events: [any DomainEvent] = [Lifting.exercise(1, "Squat"), Lifting.start(100, "2026-03-02T07:00:00Z"),
                                         Lifting.add(100, entry: 200, exercise: 1),
                                         Lifting.set(100, entry: 200, set: 1000, .kilograms(20), 12, at: "2026-03-02T07:01:00Z")]
        for set in 1001...1004 {
            events.append(Lifting.set(100, entry: 200, set: set, .kilograms(150), 5, at: "2026-03-02T07:0\(set - 999):00Z"))
        }
        events += [Lifting.start(101, "2026-03-04T07:00:00Z"), Lifting.add(101, entry: 201, exercise: 1),
                   Lifting.set(101, entry: 201, set: 1010, .kilograms(final ? 74 : 60), 10, at: "2026-03-04T07:01:00Z")]
        for set in 1011...1013 {
            events.append(Lifting.set(101, entry: 201, set: set, .kilograms(100), 8, at: "2026-03-04T07:0\(set - 1009):00Z"))
        }
        events += [Lifting.set(101, entry: 201, set: 1014, .kilograms(100), 2, at: "2026-03-04T07:05:00Z"),
                   Lifting.start(102, "2026-03-06T07:00:00Z"), Lifting.add(102, entry: 202, exercise: 1),
                   Lifting.set(102, entry: 202, set: 1020, .kilograms(40), final ? 4 : 5, at: "2026-03-06T07:01:00Z")]
        if !final { events.append(Lifting.set(102, entry: 202, set: 1021, .kilograms(40), 5, at: "2026-03-06T07:02:00Z")) }
        return events
    }

    /// Every kind's timeline as "value by set", from each store of the log.
    static func timelines(_ stores: [any KeyedStateStore]) throws -> [[String]] {
        try stores.map { store in
            let records = PersonalRecords(store)
            return try RecordKind.allCases.flatMap { kind in
                try records.progression(of: .n(1), kind).map { "\(kind) \($0.value) by \($0.setID)" }
            }
        }
    }

    @Test("Changes that reach the records fold them again, the others are skipped, and both give the final sets' records")
    func correctionsGiveTheFinalSetsRecords() async throws {
        let corrected = try await ScratchLog("corrected")
        for event in Self.log(final: false) { try await corrected.record(event) }
        _ = try await corrected.caughtUp(PersonalRecords.models)
        // Reaching: set 1010 gains 140 kg, so its workout's last running volume, 3,340 kg, beats
        // the session record, though 1010 itself beats nothing.
        try await corrected.record(Lifting.correct(101, set: 1010, Lifting.performance(.kilograms(74), 10)))
        _ = try await corrected.caughtUp(PersonalRecords.models)
        // Neutral, each caught up alone: a rep less for 1020, then 1021 removed.
        try await corrected.record(Lifting.correct(102, set: 1020, Lifting.performance(.kilograms(40), 4)))
        _ = try await corrected.caughtUp(PersonalRecords.models)
        try await corrected.record(SetRemoved(workoutID: .n(102), setID: .n(1021)))

        let direct = try await ScratchLog("direct")
        for event in Self.log(final: true) { try await direct.record(event) }
        let expected = try Self.timelines(try await direct.stores(PersonalRecords.models))
        #expect(expected[0] == expected[1])
        #expect(expected[0].contains("bestSessionVolume 3340.0 by \(UUID.n(1014))"))
        for timeline in try Self.timelines(try await corrected.stores(PersonalRecords.models)) {
            #expect(timeline == expected[0])
        }
    }
}
