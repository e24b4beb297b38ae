import AntrainEvents
import AntrainLog
import Foundation
import Synchronization

/// What a read model's tables share during a fold: where to load the keys they do not hold,
/// whether the store can hold keys they never saw, the batch being folded, and the first
/// failure met on the way.
///
/// One context belongs to one read model and is used by one thread at a time (the fold's,
/// then, between batches, the runner's): it is a class so that every table of the model
/// reaches the same one, and it is `Sendable` so that a fold can move between threads with
/// the model.
///
/// Public so that a read model of an app's own can receive one (``KeyedReadModel/init(context:)``)
/// and hand it to its tables (``KeyedTable/init(_:context:)``); what it holds is the runtime's.
public final class FoldContext: Sendable {
    /// Where keys are loaded from.
    package let loader: any StateLoader
    /// Where the events of the log are read back by offset, for the ids state leaves in the log.
    package let events: EventLookup?
    /// Whether the store may hold keys this fold has not met: true when folding on top of a
    /// stored state; false when rebuilding into emptied keyspaces, where a key is in the
    /// store only if this fold wrote it out (which each table remembers).
    package let storeHoldsUnseenKeys: Bool
    /// Whether the tables hand over changed values for the writer to encode (a rebuild's writer
    /// thread, on the other core) rather than encoding them on the fold's thread.
    package let defersEncoding: Bool
    private let batchNumber = Atomic<UInt32>(1)
    private let failure = Locked<(any Error)?>(nil)

    /// A context loading through `loader`.
    package init(loader: any StateLoader, storeHoldsUnseenKeys: Bool, events: EventLookup? = nil, defersEncoding: Bool = false) {
        self.loader = loader
        self.defersEncoding = defersEncoding
        self.events = events
        self.storeHoldsUnseenKeys = storeHoldsUnseenKeys
    }

    /// The number of the batch being folded, from 1: tables stamp the keys it touches.
    package var batch: UInt32 { batchNumber.load(ordering: .relaxed) }

    /// Moves on to the next batch.
    package func nextBatch() { batchNumber.add(1, ordering: .relaxed) }

    /// Notes a failure met where it could not be thrown (inside a `visit`); the first one is
    /// kept and thrown by ``checkFailure()`` after the batch.
    package func record(_ error: any Error) {
        failure.withLock { if $0 == nil { $0 = error } }
    }

    /// Throws the first failure recorded, if any: the batch's changes must not be saved.
    package func checkFailure() throws {
        if let failure = failure.withLock({ $0 }) { throw failure }
    }

    /// The stored value of `key`, or nil; a failure is recorded and reads as nil.
    func load(_ keyspace: StateKeyspace, _ key: [UInt8]) -> [UInt8]? {
        do {
            return try loader.load(keyspace, key: key)
        } catch {
            record(error)
            return nil
        }
    }
}

/// Where a fold's tables load the keys they do not hold.
package protocol StateLoader: Sendable {
    /// The value stored under `key`, or nil.
    func load(_ keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]?
}

/// A loader for a fold that starts from nothing and keeps everything in memory: nothing is
/// ever stored, so nothing is ever found.
package struct NothingStored: StateLoader {
    package init() {}
    package func load(_ keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? { nil }
}
