import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import GRDB

/// Where the writer's state stands in the log: it reflects every record before `offset`, and
/// `chainHash` is the hash of the block ending there (zeros at offset 0), which ties the
/// state to this very log (docs/FORMAT.md, "The writer's state").
struct StatePosition: Equatable {
    var offset: UInt64
    var chainHash: ChainHash

    /// The state of an empty log.
    static let start = StatePosition(offset: 0, chainHash: .zero)
}

/// What one save (or one batch of a scan) writes, in one transaction.
struct StateChanges {
    /// Streams with their last version.
    var streams: [(stream: String, version: UInt64)] = []
    /// Event ids with where they are stored.
    var ids: [(id: UUID, offset: UInt64)] = []
    /// Window rows stored before this offset are deleted.
    var windowStart: UInt64
    /// The position the state reaches with these changes.
    var position: StatePosition
}

/// Writes within one transaction of the writer's state.
struct StateTransaction {
    fileprivate let db: Database

    /// Empties the state back to offset 0 (its position does not sit on the log).
    func reset() throws {
        try db.execute(sql: """
            DELETE FROM streams;
            DELETE FROM recent_event_ids;
            UPDATE position SET "offset" = 0, chain_hash = zeroblob(32);
            """)
    }

    /// Upserts the streams and ids of `changes`, deletes window rows older than its window,
    /// and moves the position.
    func write(_ changes: StateChanges) throws {
        let stream = try db.cachedStatement(sql: "INSERT OR REPLACE INTO streams(stream, version) VALUES (?, ?)")
        for (name, version) in changes.streams { try stream.execute(arguments: [name, Int64(version)]) }
        let id = try db.cachedStatement(sql: #"INSERT OR REPLACE INTO recent_event_ids(event_id, "offset") VALUES (?, ?)"#)
        for (eventID, offset) in changes.ids { try id.execute(arguments: [WriterStateStore.blob(eventID), Int64(offset)]) }
        try db.execute(sql: #"DELETE FROM recent_event_ids WHERE "offset" < ?"#, arguments: [Int64(changes.windowStart)])
        try db.execute(sql: #"UPDATE position SET "offset" = ?, chain_hash = ?"#,
                       arguments: [Int64(changes.position.offset), Data(changes.position.chainHash.bytes)])
    }
}

/// The writer's state in SQLite, `LOG_DIR/writer-state.sqlite`: every line of SQL of the log
/// engine is in this file.
///
/// WAL journal, `synchronous = NORMAL`: the state is a cache derived from the log, so losing
/// the last commits on power loss only costs a longer catch-up, while transactions keep it
/// from ever being half-written.
final class WriterStateStore {
    static let fileName = "writer-state.sqlite"
    /// The name and version in the `format` table; another version is rebuilt from the log.
    static let formatName = "antrain writer state"
    static let formatVersion = 1

    /// The file; nil for a state kept in memory because its file could not be written.
    let path: String?
    private let database: DatabaseQueue

    private init(path: String?) throws {
        self.path = path
        if let path {
            var configuration = Configuration()
            // GRDB's WAL setup also sets `synchronous = NORMAL`.
            configuration.journalMode = .wal
            configuration.prepareDatabase { db in
                // Small pages and a short write-ahead log: the state is a few small rows per
                // save, and it shares the log's device, which may be nearly full.
                try db.execute(sql: "PRAGMA page_size = 1024")
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 64")
                try db.execute(sql: "PRAGMA journal_size_limit = 65536")
            }
            database = try DatabaseQueue(path: path, configuration: configuration)
        } else {
            database = try DatabaseQueue()
        }
    }

    /// Opens the state of `directory` and reads its position. A file that is missing,
    /// unreadable or of another format is replaced by an empty state (at offset 0), and
    /// `problem` says why; so is one that `discard` gives a reason to drop. A file that
    /// cannot be created leaves the state in memory.
    static func open(_ directory: LogDirectory, discard: String? = nil) throws(LogError)
        -> (store: WriterStateStore, position: StatePosition, problem: String?) {
        let path = directory.statePath.string
        var problem = discard ?? "the state file does not exist"
        if discard != nil {
            removeFiles(path)
        } else if FileManager.default.fileExists(atPath: path) {
            do {
                let store = try WriterStateStore(path: path)
                switch try store.readPosition() {
                case let .position(position): return (store, position, nil)
                case let .unusable(reason): problem = reason
                }
                store.close()
            } catch {
                problem = "the state file cannot be read (\(error))"
            }
            removeFiles(path)
        }
        do {
            let store = try WriterStateStore(path: path)
            try store.createTables()
            return (store, .start, problem)
        } catch {
            do {
                let store = try WriterStateStore(path: nil)
                try store.createTables()
                return (store, .start, problem + "; the state file cannot be created (\(error)), so the state is kept in memory")
            } catch {
                throw .io(operation: "creating the writer's state (\(error))", path: path, errno: .ioError)
            }
        }
    }

    /// Removes the state file and SQLite's files beside it (never a directory: `unlink`).
    private static func removeFiles(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    private func createTables() throws {
        try database.inTransaction { db in
            try db.execute(sql: """
                CREATE TABLE format(name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
                CREATE TABLE position("offset" INTEGER NOT NULL, chain_hash BLOB NOT NULL);
                CREATE TABLE streams(stream TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
                CREATE TABLE recent_event_ids(event_id BLOB PRIMARY KEY, "offset" INTEGER NOT NULL) WITHOUT ROWID;
                CREATE INDEX recent_event_ids_by_offset ON recent_event_ids("offset");
                INSERT INTO position("offset", chain_hash) VALUES (0, zeroblob(32));
                """)
            try db.execute(sql: "INSERT INTO format(name, version) VALUES (?, ?)", arguments: [Self.formatName, Self.formatVersion])
            return .commit
        }
    }

    /// What the file holds: a position, or why it is not a state of this format.
    private enum Stored {
        case position(StatePosition)
        case unusable(String)
    }

    private func readPosition() throws -> Stored {
        try database.inDatabase { db in
            guard try db.tableExists("format") else { return .unusable("the state file holds no format row") }
            let version = try Int.fetchOne(db, sql: "SELECT version FROM format WHERE name = ?", arguments: [Self.formatName])
            guard version == Self.formatVersion else {
                return .unusable("the state file is of format \(version.map(String.init) ?? "unknown"), not \(Self.formatVersion)")
            }
            let rows = try Row.fetchAll(db, sql: #"SELECT "offset", chain_hash FROM position"#)
            guard rows.count == 1, let offset = UInt64(exactly: try rows[0].decode(Int64.self, atIndex: 0)),
                  case let hash = try rows[0].decode(Data.self, atIndex: 1), hash.count == 32
            else { return .unusable("the state file's position row is missing or malformed") }
            return .position(StatePosition(offset: offset, chainHash: ChainHash(bytes: [UInt8](hash))))
        }
    }

    /// The stored version of `stream`; nil when the state has no such stream.
    func version(of stream: String) throws -> UInt64? {
        try database.inDatabase { db in
            let statement = try db.cachedStatement(sql: "SELECT version FROM streams WHERE stream = ?")
            return try Int64.fetchOne(statement, arguments: [stream]).flatMap(UInt64.init(exactly:))
        }
    }

    /// Where the window's row for `id` says it is stored (the row may be older than the window).
    func offset(of id: UUID) throws -> UInt64? {
        try database.inDatabase { db in
            let statement = try db.cachedStatement(sql: #"SELECT "offset" FROM recent_event_ids WHERE event_id = ?"#)
            return try Int64.fetchOne(statement, arguments: [Self.blob(id)]).flatMap(UInt64.init(exactly:))
        }
    }

    /// The window's ids stored in `range`, in offset order.
    func ids(in range: Range<UInt64>) throws -> [(id: UUID, offset: UInt64)] {
        try database.inDatabase { db in
            let rows = try Row.fetchCursor(db, sql: #"SELECT event_id, "offset" FROM recent_event_ids WHERE "offset" >= ? AND "offset" < ? ORDER BY "offset""#,
                                           arguments: [Int64(range.lowerBound), Int64(range.upperBound)])
            var ids: [(id: UUID, offset: UInt64)] = []
            while let row = try rows.next() {
                let data = try row.decode(Data.self, atIndex: 0)
                guard data.count == 16, let offset = UInt64(exactly: try row.decode(Int64.self, atIndex: 1)) else { continue }
                ids.append((data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }, offset))
            }
            return ids
        }
    }

    /// Writes `changes` in one transaction: all of them, or (on error) none.
    func write(_ changes: StateChanges) throws {
        try transaction { try $0.write(changes) }
    }

    /// Runs `body` in one transaction, which it may fill in batches (so that a scan of the
    /// whole log never holds all it found); nothing is written when `body` throws.
    func transaction(_ body: (StateTransaction) throws -> Void) throws {
        try database.inTransaction { db in
            try body(StateTransaction(db: db))
            return .commit
        }
    }

    /// Whether `error` says the file is damaged (so that it must be rebuilt), not that the
    /// device is full or busy.
    static func isDamage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Closes the connection (SQLite then folds the WAL into the file).
    func close() { try? database.close() }

    /// An event id as stored: its 16 bytes in RFC 4122 order, as in records.
    static func blob(_ id: UUID) -> Data { withUnsafeBytes(of: id.uuid) { Data($0) } }
}
