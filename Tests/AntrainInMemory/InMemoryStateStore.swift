import AntrainLog
import AntrainProjections
import Foundation

/// Keyed state kept in memory, written only against the public protocols
/// (``KeyedStateStore``, ``MaintainedStateStore``): the second state store beside SQLite.
///
/// ```swift
/// let store = InMemoryStateStore()
/// try store.write { try $0.reset(keyspaces, of: "bodyweight") }
/// ```
///
/// A read sees the state as the last write committed it; a write works on its own copy and
/// commits it whole when its body returns (rolled back when it throws), one write at a time.
/// Rows order and compare as SQLite's do (NULL, then numbers, then text, then bytes; keys as
/// bytes), with its column affinities, so that every range read answers as the SQLite
/// store's does; the tests compare the two.
public final class InMemoryStateStore: MaintainedStateStore, Sendable {
    /// One row: the value and its columns.
    struct Row: Sendable, Equatable {
        var value: [UInt8]
        var columns: [StateColumnValue]
    }

    /// One keyspace's rows.
    struct Table: Sendable, Equatable {
        let keyspace: StateKeyspace
        var rows: [[UInt8]: Row] = [:]
    }

    /// Everything a transaction sees.
    struct Contents: Sendable, Equatable {
        var tables: [String: Table] = [:]
        var positions: [String: StoredPosition] = [:]
    }

    private let committed: Locked<Contents>
    /// Held for the whole of a write: writes run one at a time.
    private let writing = Locked(())

    /// An empty store.
    public init() {
        committed = Locked(Contents())
    }

    init(_ contents: Contents) {
        committed = Locked(contents)
    }

    /// Runs `body` on the state as last committed.
    public func read<Result>(_ body: (any KeyedStateReading) throws -> Result) throws -> Result {
        try body(InMemoryStateAccess(committed.withLock { $0 }))
    }

    /// Runs `body` on a copy of the state and commits the copy when it returns.
    public func write<Result>(_ body: (any KeyedStateWriting) throws -> Result) throws -> Result {
        try writing.withLock { _ in
            let access = InMemoryStateAccess(committed.withLock { $0 })
            let result = try body(access)
            let contents = access.contents
            committed.withLock { $0 = contents }
            return result
        }
    }

    /// Nothing to fold back: there is no write-ahead log.
    public func checkpoint() throws {}

    /// Nothing to give back: memory is freed as rows go.
    public func compactIfSparse() throws -> Bool { false }

    /// The bytes of every key, value and text or byte column held.
    public func sizeInBytes() throws -> Int {
        committed.withLock { contents in
            contents.tables.values.reduce(0) { total, table in
                total + table.rows.reduce(0) { $0 + $1.key.count + $1.value.value.count + 8 * $1.value.columns.count }
            }
        }
    }

    /// A store of its own holding the same state.
    public func temporaryCopy() throws -> any MaintainedStateStore {
        InMemoryStateStore(committed.withLock { $0 })
    }
}
