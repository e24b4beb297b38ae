import AntrainEvents
import AntrainLog

/// Where read models keep their keyed state: get, put and delete keys of a keyspace, read a
/// range, and commit changes together with the log position they reflect.
///
/// ```swift
/// let store = try SQLiteStateStore(path: "/var/lib/antrain/log/projections/state.sqlite")
/// try store.write { state in
///     try state.put(Training.workouts, key: key, value: bytes, columns: columns)
///     try state.setPosition(StoredPosition(projection: "training", version: 3, position: end))
/// }                                                 // all of it, or none of it
/// let bytes = try store.read { try $0.value(in: Training.workouts, key: key) }
/// ```
///
/// Everything a transaction writes becomes visible at once, with the positions it set, or not
/// at all: a read model's state and the position it reflects can never disagree. SQLite is the
/// one implementation here (``SQLiteStateStore``); the protocol keeps SQL out of the read
/// models, so that another backend (PostgreSQL beside the events, for a server) can serve them.
public protocol KeyedStateStore: Sendable {
    /// Runs `body` on a consistent snapshot of the state.
    func read<Result>(_ body: (any KeyedStateReading) throws -> Result) throws -> Result
    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    /// Transactions of all processes using the store run one at a time.
    func write<Result>(_ body: (any KeyedStateWriting) throws -> Result) throws -> Result
}

/// Reading keyed state, inside ``KeyedStateStore/read(_:)`` or ``KeyedStateStore/write(_:)``.
public protocol KeyedStateReading {
    /// Every projection's stored position, by name.
    func positions() throws -> [String: StoredPosition]
    /// Whether the keyspace's table exists (a projection never built has none).
    func exists(_ keyspace: StateKeyspace) throws -> Bool
    /// The value stored under `key`, if any.
    func value(in keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]?
    /// The entries whose keys are in `lower ..< upper` (nil: unbounded), in key order (or
    /// reversed), at most `limit` of them.
    func entries(in keyspace: StateKeyspace, from lower: [UInt8]?, below upper: [UInt8]?,
                 descending: Bool, limit: Int?) throws -> [StateEntry]
    /// The entries in the order of `index`, whose first column lies in `lower ... upper`
    /// (nil: unbounded), at most `limit` of them; ties in the index are ordered by key.
    func entries(in keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?,
                 through upper: StateColumnValue?, descending: Bool, limit: Int?) throws -> [StateEntry]
    /// Visits the rows in the order of `index` whose first column lies in `lower ... upper`
    /// (nil: unbounded), reading only the key and `columns` (never the value), until `body`
    /// returns false: a list that stops as soon as it has what it needs.
    func scan(_ keyspace: StateKeyspace, by index: StateIndex, from lower: StateColumnValue?, through upper: StateColumnValue?,
              descending: Bool, columns: [String], _ body: (_ key: [UInt8], _ columns: [StateColumnValue]) throws -> Bool) throws
    /// The entries whose column `column` equals `value`, in key order.
    func entries(in keyspace: StateKeyspace, where column: String, equals value: StateColumnValue) throws -> [StateEntry]
    /// How many entries the keyspace holds.
    func count(in keyspace: StateKeyspace) throws -> Int
}

/// Changing keyed state, inside ``KeyedStateStore/write(_:)``.
public protocol KeyedStateWriting: KeyedStateReading {
    /// Stores `value` under `key`, with the keyspace's columns (in its order), replacing any
    /// value there.
    func put(_ keyspace: StateKeyspace, key: [UInt8], value: [UInt8], columns: [StateColumnValue]) throws
    /// Removes the value under `key`, if any.
    func delete(_ keyspace: StateKeyspace, key: [UInt8]) throws
    /// Empties a projection: drops its keyspaces and position, and creates the keyspaces
    /// anew, with their indexes. A bulk load follows: the store may prepare for it (SQLite's
    /// takes a larger page cache).
    func reset(_ keyspaces: [StateKeyspace], of projection: String) throws
    /// During a bulk load, with nothing else to do: the store may write ahead what its
    /// transaction holds so far, so that less is left for the commit.
    func writeAhead() throws
    /// Records the position a projection's state reflects.
    func setPosition(_ position: StoredPosition) throws
}

/// A key and its value, as range reads return them.
public struct StateEntry: Sendable, Equatable {
    /// The key's bytes.
    public var key: [UInt8]
    /// The value's bytes.
    public var value: [UInt8]

    /// An entry from its parts.
    public init(key: [UInt8], value: [UInt8]) {
        self.key = key
        self.value = value
    }
}

/// The position in the log that a projection's stored state reflects, and the version of the
/// projection that wrote it.
public struct StoredPosition: Sendable, Equatable {
    /// The projection (``KeyedReadModel/name``).
    public var projection: String
    /// The projection's version (``KeyedReadModel/version``) when it was written.
    public var version: Int
    /// The log position: every event before its offset is reflected, and the block ending
    /// there has its chain hash.
    public var position: LogPosition

    /// A position from its parts.
    public init(projection: String, version: Int, position: LogPosition) {
        self.projection = projection
        self.version = version
        self.position = position
    }
}
