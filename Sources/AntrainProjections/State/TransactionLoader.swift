import AntrainEvents

/// Loads keys from the transaction a fold runs in: the catch-up's way, where the fold and
/// the transaction share one thread from start to end.
///
/// `@unchecked Sendable` because a transaction's reads are valid only on its thread and
/// within it: the fold that holds this loader runs synchronously inside
/// ``KeyedStateStore/write(_:)`` and never lets it out.
final class TransactionLoader: StateLoader, @unchecked Sendable {
    private let state: any KeyedStateReading

    init(_ state: any KeyedStateReading) { self.state = state }

    func load(_ keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? {
        try state.value(in: keyspace, key: key)
    }
}
