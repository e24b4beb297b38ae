import AntrainEvents
import AntrainLog

/// What the runtime needs of a model being folded, whatever its type.
package protocol FoldHosting: AnyObject {
    /// The model's name.
    var name: String { get }
    /// The model's version.
    var version: Int { get }
    /// The model's keyspaces.
    var keyspaces: [StateKeyspace] { get }
    /// The position after the last batch applied.
    var position: LogPosition { get }
    /// The batch the next events belong to (see ``FoldContext/batch``).
    var batch: UInt32 { get }
    /// About how much memory the model holds.
    var residentBytes: Int { get }
    /// Applies the batch's events at or after ``position``.
    func apply(_ batch: EventBatch) throws
    /// The changes since the last call, dropping keys untouched since batch `coldBefore`.
    func takeChanges(evictingColdBefore coldBefore: UInt32?) -> [StateChange]
}

/// A model being folded, at a position in the log: the same whether the fold is a rebuild,
/// a catch-up or time travel. Used by one thread at a time.
package final class FoldHost<Model: KeyedReadModel>: FoldHosting {
    /// The model.
    package private(set) var model: Model
    /// The position after the last batch applied.
    package private(set) var position: LogPosition
    private let context: FoldContext
    private let ignored = IgnoredEventTypes(handling: Model.handledEvents)

    /// A new model, folding from `position`.
    package init(context: FoldContext, position: LogPosition) {
        self.context = context
        self.position = position
        model = Model(context: context)
    }

    package var name: String { Model.name }
    package var version: Int { Model.version }
    package var keyspaces: [StateKeyspace] { Model.keyspaces }
    package var batch: UInt32 { context.batch }
    package var residentBytes: Int { model.residentBytes }

    package func apply(_ batch: EventBatch) throws {
        guard batch.end.offset > position.offset else { return }
        let metadata = batch.columns.metadata
        var start = 0
        if let first = metadata.first, first.offset < position.offset {
            start = metadata.firstIndex { $0.offset >= position.offset } ?? metadata.count
        }
        model.fold(batch.columns, from: start, ignoring: ignored)
        model.finishBatch()
        context.nextBatch()
        // A key that could not be loaded read as absent: nothing of this batch may be kept.
        try context.checkFailure()
        position = batch.end
    }

    package func takeChanges(evictingColdBefore coldBefore: UInt32?) -> [StateChange] {
        var changes: [StateChange] = []
        model.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        return changes
    }
}
