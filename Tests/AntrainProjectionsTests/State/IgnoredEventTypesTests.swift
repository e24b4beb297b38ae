import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// A keyed fold skips the events its model ignores (those whose `visit` is the empty default),
/// learned from the default's mark on the first event of each type; the state must be what
/// handing the model every event gives.
@Suite("Skipping the events a model ignores")
struct IgnoredEventTypesTests {
    /// Counts sets; ignores every other event type.
    struct SetCounter: EventVisitor {
        var sets = 0
        mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { sets += 1 }
    }

    /// Hands workout completions on to a ``SetCounter``, which ignores them: the outer visitor
    /// handles them, so they must never be taken as ignored by it.
    struct Forwarder: EventVisitor {
        var inner = SetCounter()
        var completions = 0
        mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
            completions += 1
            event.accept(&inner, stored)
        }
    }

    @Test("The empty default leaves a mark naming the visitor; a handled event leaves none")
    func marks() {
        let start = Timestamp.at("2026-01-01T07:00:00Z")
        let metadata = EventMetadata(offset: 0, streamID: "workout-1", streamVersion: 0, eventID: .n(1), recordedAt: start,
                                     storedSchemaVersion: 1)
        let set = SetLogged(workoutID: .n(1), entryID: .n(2), setID: .n(3), performance: SetPerformance(reps: 5, weight: .kilograms(100)),
                            loggedAt: start)
        let completion = WorkoutCompleted(workoutID: .n(1), endedAt: start.adding(seconds: 3_600), durationSeconds: 3_600)
        var counter = SetCounter()
        DefaultVisitMark.clear()
        completion.accept(&counter, metadata)
        #expect(DefaultVisitMark.isMarked(by: SetCounter.self))
        DefaultVisitMark.clear()
        set.accept(&counter, metadata)
        #expect(!DefaultVisitMark.isMarked(by: SetCounter.self) && counter.sets == 1)
        var forwarder = Forwarder()
        DefaultVisitMark.clear()
        completion.accept(&forwarder, metadata)
        #expect(!DefaultVisitMark.isMarked(by: Forwarder.self) && forwarder.completions == 1)
        // The inner visitor's own default did run, and its mark names it, not the forwarder.
        #expect(DefaultVisitMark.isMarked(by: SetCounter.self))
    }

    @Test("Every standard model folded skipping what it ignores holds the bytes of one handed every event", arguments: [6])
    func skippingChangesNothing(seed: UInt64) async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        for model in StandardModels.all {
            let skipping = try await DirectFold.run(model, log: scratch.log, batchSize: 37)
            let every = try await DirectFold.run(model, log: scratch.log, batchSize: 37, skippingIgnored: false)
            #expect(try StateTesting.dump(skipping.store, [model]) == StateTesting.dump(every.store, [model]), "\(model.name)")
            // Something was skipped, and something handled: the table learned both.
            let verdicts = (0...255).compactMap { skipping.ignored[UInt8($0)] }
            #expect(verdicts.contains(true) && verdicts.contains(false), "\(model.name): \(verdicts)")
        }
    }

    @Test("The table answers for every kind it learned and nothing else")
    func table() {
        var ignored = IgnoredEventTypes()
        let kinds: [UInt8] = [0, 5, 29, 38]
        for (index, kind) in kinds.enumerated() { ignored[kind] = index % 2 == 0 }
        for (index, kind) in kinds.enumerated() { #expect(ignored[kind] == (index % 2 == 0)) }
        #expect(ignored[1] == nil)
        ignored[5] = nil
        #expect(ignored[5] == nil)
    }
}
