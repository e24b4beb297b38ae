import AntrainProjections
import Foundation

/// Helpers for tests of keyed read models: their state folded from a whole log, and dumps of
/// every keyspace for byte-for-byte comparisons.
package enum StateTesting {
    /// Every entry of every keyspace of `models` in `store`, by keyspace, in key order.
    package static func dump(_ store: any KeyedStateStore, _ models: [any KeyedReadModel.Type]) throws -> [String: [StateEntry]] {
        try store.read { state in
            var dump: [String: [StateEntry]] = [:]
            for model in models {
                for keyspace in model.keyspaces {
                    dump[keyspace.description] = try state.entries(in: keyspace, from: nil, below: nil, descending: false, limit: nil)
                }
            }
            return dump
        }
    }
}

extension StateTesting {
    /// The file of `scratch`'s state: the generation its link `projections/state.sqlite` names.
    package static func file(of scratch: ScratchLog) -> String {
        URL(fileURLWithPath: scratch.path + "/projections/state.sqlite").resolvingSymlinksInPath().path
    }
}

extension ScratchLog {
    /// `models` folded from the whole log into a store in memory.
    package func state(_ models: [any KeyedReadModel.Type]) async throws -> SQLiteStateStore {
        try await ProjectionStore.travel(models, in: log, to: .offset(.max))
    }

    /// `models` caught up in the log's own store (`projections/state.sqlite`).
    package func caughtUp(_ models: [any KeyedReadModel.Type]) async throws -> StateCatchUpReport {
        try await ProjectionStore(logDirectory: path, models: models).catchUp(log)
    }
}
