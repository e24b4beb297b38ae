import Foundation
import GRDB
import GRDBSQLite

/// Keyed state in one SQLite database: a table per keyspace, positions beside them.
///
/// ```swift
/// let store = try SQLiteStateStore(path: logDirectory + "/projections/state.sqlite")
/// let positions = try store.read { try $0.positions() }
/// let scratch = try SQLiteStateStore.inMemory()      // time travel: gone when released
/// ```
///
/// The file is in WAL mode with `synchronous = NORMAL`: a commit is atomic and survives a
/// crash of the process (kill -9) whole or not at all, and a power cut may lose the last
/// commits but never leaves one half-applied. That is the promise derived state needs: it is
/// rebuilt from the log, and a position that lags the log is caught up. Processes share the
/// file; write transactions take SQLite's write lock at once (`BEGIN IMMEDIATE`) and wait for
/// one another up to ``busyTimeout``. The layout of the tables is in docs/FORMAT.md, "The
/// projections' state".
public final class SQLiteStateStore: KeyedStateStore {
    /// The database file, or nil for an in-memory store.
    public let path: String?
    /// How long a transaction waits for another process's write transaction to end.
    public static let busyTimeout: TimeInterval = 60
    /// The format of the meta table and the position table; another format is rebuilt.
    /// Format 3: every page carries a checksum (``PageChecksums``).
    static let formatVersion = 3
    private let queue: DatabaseQueue

    /// Opens (creating it, unless `readOnly`) the store at `path`.
    ///
    /// - Parameters:
    ///   - path: The SQLite file of the state.
    ///   - readOnly: Whether to open it only to read, never creating it.
    ///   - cacheMegabytes: SQLite's page cache for this connection; a rebuild that writes the
    ///     whole state wants more than a query does.
    public convenience init(path: String, readOnly: Bool = false, cacheMegabytes: Int = 16) throws {
        var configuration = Self.configuration(cacheMegabytes: cacheMegabytes)
        configuration.readonly = readOnly
        if !readOnly {
            // WAL mode is kept in the file: this sets it on a new file and changes nothing
            // after. (GRDB's `journalMode = .wal` also writes a table and drops it whenever no
            // WAL file exists, as after every clean close: a write at every command's open.)
            configuration.prepareDatabase { db in
                try PageChecksums.reserve(db)
                // The WAL and shared-memory files stay when the last connection closes: made
                // again at every command's open, they took disk space, and a full disk then
                // failed even a query of a current state, which writes nothing.
                var persist: Int32 = 1
                _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else { throw DatabaseError(message: "could not use WAL mode: the journal mode is \(mode ?? "unknown")") }
            }
        }
        try self.init(path: path, configuration: configuration)
    }

    /// Opens a new, empty generation of the state (``StateGeneration``) to be written whole
    /// by one rebuild: without a journal and without syncing, since until it is installed
    /// nothing reads it and a failure throws it away. ``seal()`` then makes it a store like
    /// any other.
    package convenience init(building path: String) throws {
        var configuration = Self.configuration(cacheMegabytes: 16)
        configuration.prepareDatabase { db in
            // Pages of 16 KiB (set before the first table): the bulk load's B-trees are
            // shallower and split less, SQLite's share of a 5M-event rebuild fell by about a
            // seventh, and the state came out 0.5 % smaller; 32 KiB gained nothing more and
            // would make each page a command changes cost more in the write-ahead log.
            try db.execute(sql: "PRAGMA page_size = 16384")
            try PageChecksums.reserve(db)
            try db.execute(sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        try self.init(path: path, configuration: configuration)
    }

    private init(path: String, configuration: Configuration) throws {
        PageChecksums.install()
        self.path = path
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let (current, checksummed) = try queue.read { db in
                (try SQLiteStateSchema.metaIsCurrent(db), PageChecksums.areKept(db))
            }
            // A file of this format was written with a checksum in every page: without them,
            // its header was damaged, and nothing it holds can be trusted.
            if current, !checksummed {
                throw StateStoreError.damaged(path: path, "its header says its pages carry no checksums, though its format keeps them: the file is damaged")
            }
            // Another format (an earlier build's file) is emptied and rebuilt (createMeta).
            if !configuration.readonly, !current {
                try queue.write { try SQLiteStateSchema.createMeta($0) }
            }
        } catch {
            throw StateStoreError(error, path: path)
        }
    }

    /// Ends the build of a generation opened with ``init(building:)``: switches it to WAL
    /// mode (kept in the file, so that every process opening it uses WAL) and closes it. The
    /// store cannot be used afterwards; the caller syncs and installs the file.
    package func seal() throws {
        do {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    /// Closes the store (SQLite checkpoints the write-ahead log into the file and syncs it); it
    /// cannot be used afterwards.
    package func close() throws {
        do {
            try queue.close()
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    /// The bytes of the database: its pages (through the link to the generation in use).
    public func sizeInBytes() throws -> Int {
        do {
            return try queue.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
            }
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    /// A store in memory, for time travel and throwaway folds.
    public static func inMemory(cacheMegabytes: Int = 64) throws -> SQLiteStateStore {
        try SQLiteStateStore(memoryWithCache: cacheMegabytes)
    }

    /// A store in memory: with its tables made, or, to receive a copy (`pageSize` given),
    /// empty and with the copy's page size, which SQLite cannot change once a page is there.
    private init(memoryWithCache cacheMegabytes: Int, pageSize: Int? = nil) throws {
        path = nil
        do {
            var configuration = Self.configuration(cacheMegabytes: cacheMegabytes)
            if let pageSize {
                configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            }
            queue = try DatabaseQueue(configuration: configuration)
            if pageSize == nil { try queue.write { try SQLiteStateSchema.createMeta($0) } }
        } catch {
            throw StateStoreError(error, path: ":memory:")
        }
    }

    private static func configuration(cacheMegabytes: Int) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -\(cacheMegabytes * 1024)")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        return configuration
    }

    public func read<Result>(_ body: (any KeyedStateReading) throws -> Result) throws -> Result {
        do {
            return try queue.read { db in try body(SQLiteStateAccess(db)) }
        } catch let error as StateStoreError {
            throw error
        } catch let error as DatabaseError {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    public func write<Result>(_ body: (any KeyedStateWriting) throws -> Result) throws -> Result {
        do {
            var result: Result?
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    result = try body(SQLiteStateAccess(db))
                    return .commit
                }
            }
            return result!
        } catch let error as StateStoreError {
            throw error
        } catch let error as DatabaseError {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    /// Copies the whole store into a new in-memory one: for answering from a store that
    /// cannot be written (read-only storage), after catching up in the copy.
    public func copyIntoMemory() throws -> SQLiteStateStore {
        // SQLite copies into memory only between equal page sizes (a generation's are 16 KiB).
        let pageSize: Int
        do {
            pageSize = try queue.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 4096
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
        let copy = try SQLiteStateStore(memoryWithCache: 64, pageSize: pageSize)
        do {
            try queue.backup(to: copy.queue)
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
        return copy
    }

    /// Moves what the write-ahead log holds into the database file and empties the WAL file,
    /// after a bulk load (so that the file's size is the state's size).
    public func checkpoint() throws {
        do {
            _ = try queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }

    /// Gives the file's free pages back when they are more than 1/32 of it: a rebuild that
    /// leaves the state smaller (a model whose values shrank, a table whose layout changed)
    /// would otherwise keep the file at its old size for good, since SQLite reuses free pages
    /// but never returns them. A rebuild of the same state leaves none free, so the copy this
    /// costs (about a second per 100 MB) is paid once per shrink. Whether it compacted.
    @discardableResult
    public func compactIfSparse() throws -> Bool {
        do {
            return try queue.writeWithoutTransaction { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                guard free * 32 > pages else { return false }
                try db.execute(sql: "VACUUM")
                try db.checkpoint(.truncate)
                return true
            }
        } catch {
            throw StateStoreError(error, path: path ?? ":memory:")
        }
    }
}
