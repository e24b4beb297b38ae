import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A keyed fold skips the event types its model does not declare (``KeyedReadModel/handledEvents``);
/// the state must be what handing the model every event gives, so a `visit` missing from the
/// declaration fails here.
@Suite("Skipping the events a model ignores")
struct IgnoredEventTypesTests {
    @Test("Every event type has a kind of its own, and a table skips every type but those it is given")
    func table() {
        let kinds = KnownEventTypes.all.map { EventColumns.kind(of: $0) }
        #expect(Set(kinds).count == KnownEventTypes.all.count)
        #expect(kinds.allSatisfy { Int($0) < KnownEventTypes.all.count })
        let ignored = IgnoredEventTypes(handling: [SetLogged.self, WorkoutCompleted.self])
        let handled = Set([EventColumns.kind(of: SetLogged.self), EventColumns.kind(of: WorkoutCompleted.self)])
        for kind in kinds { #expect(ignored[kind] == !handled.contains(kind), "kind \(kind)") }
    }

    @Test("Every standard model folded skipping what it ignores holds the bytes of one handed every event", arguments: [6])
    func skippingChangesNothing(seed: UInt64) async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        for model in StandardModels.all {
            let skipping = try await DirectFold.run(model, log: scratch.log, batchSize: 37)
            let every = try await DirectFold.run(model, log: scratch.log, batchSize: 37, skippingIgnored: false)
            #expect(try StateTesting.dump(skipping.store, [model]) == StateTesting.dump(every.store, [model]), "\(model.name)")
            // Something is skipped, and something handled.
            let verdicts = KnownEventTypes.all.map { skipping.ignored[EventColumns.kind(of: $0)] }
            #expect(verdicts.contains(true) && verdicts.contains(false), "\(model.name): \(verdicts)")
        }
    }
}
