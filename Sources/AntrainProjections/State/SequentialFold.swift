import AntrainEvents
import AntrainLog

/// Folds events into models on top of their stored state, inside one store transaction:
/// each batch loads the keys it touches from the transaction, and the changed keys are
/// written back into it with the models' new positions. The catch-up of every command.
///
/// Nothing is written before the transaction commits, so a crash (kill -9) at any point
/// leaves the store at its old positions; after it, at the new ones.
struct SequentialFold {
    /// The models' resident memory above which keys untouched for a few batches are written
    /// back and dropped, so that a long catch-up (after an import, say) stays bounded.
    var memoryBudget = 256 << 20
    /// Batches a key may go untouched before a fold over budget drops it.
    var coldAfterBatches: UInt32 = 4
    /// Events per batch.
    var batchSize = EventBatchReader.defaultBatchSize

    /// Folds the events from each model's position to `stop` into `models` (each at its
    /// stored position), and saves their changes and positions in `state`.
    func run(_ models: [(type: any KeyedReadModel.Type, position: LogPosition)], log: any LogReader, to stop: UInt64,
             in state: any KeyedStateWriting) throws -> ReplaySummary {
        let loader = TransactionLoader(state)
        let hosts = models.map { model in
            model.type.makeHost(context: FoldContext(loader: loader, storeHoldsUnseenKeys: true, events: EventLookup(log: log)),
                                position: model.position)
        }
        guard let start = hosts.map(\.position.offset).min(), start < stop else { return ReplaySummary() }
        var reader = EventBatchReader(log: log, from: start, to: stop, batchSize: batchSize)
        while let batch = try reader.next() {
            for host in hosts { try host.apply(batch) }
            let resident = hosts.reduce(0) { $0 + $1.residentBytes }
            if resident > memoryBudget {
                for host in hosts {
                    let cold = host.batch > coldAfterBatches ? host.batch - coldAfterBatches : 0
                    try write(host.takeChanges(evictingColdBefore: cold), to: state)
                }
            }
        }
        for host in hosts {
            try write(host.takeChanges(evictingColdBefore: nil), to: state)
            try state.setPosition(StoredPosition(projection: host.name, version: host.version, position: host.position))
        }
        return reader.summary
    }

    private func write(_ changes: [StateChange], to state: any KeyedStateWriting) throws {
        for change in changes { try change.apply(to: state) }
    }
}
