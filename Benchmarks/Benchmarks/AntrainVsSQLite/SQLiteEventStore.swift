import AntrainEvents
import AntrainLog
import Foundation
import GRDB
import GRDBSQLite

/// The peer: an event store in SQLite, through GRDB, as one would fairly build it.
///
/// One table with the same fields Antrain stores, the global offset as the rowid, a unique
/// event id and an index on (stream id, stream version) so streams can be read and checked;
/// WAL journal. An append is one transaction: read the stream's last version, insert the rows.
/// SQLite's page cache is raised from its 2 MiB default to 64 MiB, as a server would set it
/// (Antrain keeps its id table in memory too); everything else is SQLite's default.
final class SQLiteEventStore: Sendable {
    enum Synchronous: String, Sendable {
        /// fsync the WAL at every commit: as durable as Antrain's `.everyAppend`.
        case full = "FULL"
        /// Never fsync: comparable to Antrain's `.none`.
        case off = "OFF"
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS events(
            offset INTEGER PRIMARY KEY,
            event_id BLOB UNIQUE,
            stream_id TEXT,
            stream_version INTEGER,
            event_type TEXT,
            schema_version INTEGER,
            recorded_at INTEGER,
            payload BLOB);
        CREATE INDEX IF NOT EXISTS events_stream ON events(stream_id, stream_version);
        """

    let path: String
    let queue: DatabaseQueue

    init(path: String, synchronous: Synchronous) throws {
        self.path = path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode?.lowercased() == "wal" else { throw DatabaseError(message: "journal_mode is \(mode ?? "nil"), not WAL") }
            try db.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)")
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in try db.execute(sql: Self.schema) }
        let actual = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        let expected = synchronous == .full ? 2 : 0
        guard actual == expected else { throw DatabaseError(message: "synchronous is \(actual ?? -1), wanted \(expected)") }
    }

    /// Appends `events` to `stream` in one transaction, as Antrain's `append` does; returns the
    /// stream's new version.
    @discardableResult
    func append(_ events: [ProposedEvent], to stream: String) throws -> Int64 {
        try queue.write { db in try Self.insert(events, stream: stream, db: db) }
    }

    /// The same, from async code (GRDB's async write: queued on the database's serial queue).
    @discardableResult
    func appendAsync(_ events: [ProposedEvent], to stream: String) async throws -> Int64 {
        try await queue.write { db in try Self.insert(events, stream: stream, db: db) }
    }

    /// The rows of one append: the stream's last version is read inside the transaction, so
    /// versions stay gapless whoever writes.
    private static func insert(_ events: [ProposedEvent], stream: String, db: Database) throws -> Int64 {
        let last = try db.cachedStatement(sql: "SELECT MAX(stream_version) FROM events WHERE stream_id = ?")
        var version = (try Int64.fetchOne(last, arguments: [stream]) ?? -1) + 1
        let insert = try db.cachedStatement(sql: """
            INSERT INTO events(event_id, stream_id, stream_version, event_type, schema_version, recorded_at, payload)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let now = Date().microsecondsSince1970
        for event in events {
            let recordedAt = event.recordedAt?.microsecondsSince1970 ?? now
            insert.setUncheckedArguments([event.id, stream, version, event.type, Int64(event.schemaVersion), recordedAt,
                                          Data(event.payload)])
            try insert.execute()
            version += 1
        }
        return version - 1
    }

    /// Reads every row in offset order through GRDB rows; returns (rows, sum of payload sizes).
    func scanRows() throws -> (rows: Int, payloadBytes: Int) {
        try queue.read { db in
            var rows = 0
            var bytes = 0
            var lastOffset: Int64 = -1
            let cursor = try Row.fetchCursor(db, sql: "SELECT * FROM events ORDER BY offset")
            while let row = try cursor.next() {
                let offset: Int64 = row[0]
                lastOffset = offset
                bytes += try row.withUnsafeData(atIndex: 7) { $0?.count ?? 0 }
                rows += 1
            }
            precondition(lastOffset >= 0 || rows == 0)
            return (rows, bytes)
        }
    }

    /// The same scan stepping the prepared statement with SQLite's C API: the fastest read
    /// SQLite can give, with no per-row wrapper.
    func scanRaw() throws -> (rows: Int, payloadBytes: Int) {
        try queue.read { db in
            let statement = try db.makeStatement(sql: "SELECT * FROM events ORDER BY offset")
            let handle = statement.sqliteStatement
            var rows = 0
            var bytes = 0
            var offsets: Int64 = 0
            while true {
                let code = sqlite3_step(handle)
                if code == SQLITE_DONE { break }
                guard code == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                offsets &+= sqlite3_column_int64(handle, 0)
                bytes += Int(sqlite3_column_bytes(handle, 7))
                rows += 1
            }
            sqlite3_reset(handle)
            precondition(offsets != 0 || rows <= 1)
            return (rows, bytes)
        }
    }

    /// Checkpoints the WAL into the database file and truncates it.
    func checkpoint() throws {
        try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    /// Bytes of the database file, its WAL and shared-memory file.
    func bytesOnDisk() -> (database: Int, wal: Int, shm: Int) {
        (fileSize(path), fileSize(path + "-wal"), fileSize(path + "-shm"))
    }

    func close() throws { try queue.close() }
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}
