import AntrainEvents
import AntrainLog
@testable import AntrainProjections
import Foundation

/// Folds a log straight into one keyed model on a store in memory, batch by batch and inside
/// one transaction as a catch-up does (``SequentialFold``), with the two things the runtime
/// decides for itself chosen by the test instead: whether the model is handed only the event
/// types it declares (``KeyedReadModel/handledEvents``), and after how many batches untouched its keys are written out
/// and dropped from memory.
///
/// ```swift
/// let held = { (model: TrainingProjection) in model.workouts.count }
/// let all = try await DirectFold.run(TrainingProjection.self, log: log, batchSize: 50, measure: held)
/// let bounded = try await DirectFold.run(TrainingProjection.self, log: log, batchSize: 50, coldAfter: 4, measure: held)
/// #expect(bounded.peak < all.peak)
/// ```
enum DirectFold {
    /// What a fold left: the store, the highest measure of the model after a batch (before
    /// writing anything out), and the event types it skipped.
    struct Outcome {
        var store: SQLiteStateStore
        var peak: Int
        var ignored: IgnoredEventTypes
    }

    /// Folds the whole of `log` into a new `model` in batches of `batchSize` events. With
    /// `skippingIgnored` false, every event is handed to the model, none skipped; with
    /// `coldAfter`, keys untouched for that many batches are written out and dropped after
    /// each batch. `measure` is taken of the model after each batch (its resident bytes, unless
    /// said otherwise).
    static func run<Model: KeyedReadModel>(_ model: Model.Type, log: EventLog, batchSize: Int, skippingIgnored: Bool = true,
                                           coldAfter: UInt32? = nil, measure: (Model) -> Int = { $0.residentBytes }) async throws -> Outcome {
        let end = try await log.end().nextOffset
        let store = try SQLiteStateStore.inMemory()
        let (peak, ignored) = try store.write { state in
            try state.reset(Model.keyspaces, of: Model.name)
            let context = FoldContext(loader: TransactionLoader(state), storeHoldsUnseenKeys: true, events: EventLookup(log: log))
            var model = Model(context: context)
            let ignored = IgnoredEventTypes(handling: Model.handledEvents)
            var peak = 0
            var reader = EventBatchReader(log: log, from: 0, to: end, batchSize: batchSize)
            while let batch = try reader.next() {
                if skippingIgnored {
                    model.fold(batch.columns, from: 0, ignoring: ignored)
                } else {
                    for index in 0..<batch.columns.count { batch.columns.visit(at: index, with: &model) }
                }
                model.finishBatch()
                context.nextBatch()
                try context.checkFailure()
                peak = max(peak, measure(model))
                if let coldAfter, context.batch > coldAfter {
                    try write(&model, evictingColdBefore: context.batch - coldAfter, to: state)
                }
            }
            try write(&model, evictingColdBefore: nil, to: state)
            return (peak, ignored)
        }
        return Outcome(store: store, peak: peak, ignored: ignored)
    }

    private static func write(_ model: inout some KeyedReadModel, evictingColdBefore cold: UInt32?,
                              to state: any KeyedStateWriting) throws {
        var changes: [StateChange] = []
        model.takeChanges(into: &changes, evictingColdBefore: cold)
        for change in changes { try change.apply(to: state) }
    }
}
