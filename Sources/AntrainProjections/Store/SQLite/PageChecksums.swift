import CPageChecksums
import GRDB
import GRDBSQLite

/// A checksum in every page of the state's files (docs/FORMAT.md, "Page checksums").
///
/// ```swift
/// PageChecksums.install()                        // once, before a state file is opened
/// try PageChecksums.reserve(db)                  // in a new file, before its first page
/// try PageChecksums.require(db, path: path)      // a file of this format must carry them
/// ```
///
/// A VFS shim (the C target `CPageChecksums`) over SQLite's own writes an XXH3 checksum of
/// each page into the 8 bytes the file reserves at every page's end, and checks it on every
/// read of the page: from the file, from its write-ahead log, by a query, a catch-up, a backup
/// into memory. A page whose bytes changed since SQLite wrote it (a flipped bit, a torn or
/// stray write) fails the read with `SQLITE_IOERR_DATA`, so a damaged state is found where it
/// is read, never answered from (``StateStoreError/isDamage``). Files that reserve no bytes
/// (the writer's state, a peer's database) pass through as they are.
public enum PageChecksums {
    /// Registers the shim as SQLite's default VFS (once per process).
    package static func install() { _ = registered }

    private static let registered: Int32 = antrain_page_checksums_register()

    /// Reserves the checksum's bytes in `db` when it has no page yet (a new file); a file
    /// with pages keeps its layout.
    static func reserve(_ db: Database) throws {
        guard try Int.fetchOne(db, sql: "PRAGMA page_count") == 0 else { return }
        var bytes = Int32(ANTRAIN_PAGE_CHECKSUM_SIZE)
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &bytes)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not reserve page checksums") }
    }

    /// The bytes `db` reserves at the end of each page.
    static func reservedBytes(_ db: Database) -> Int32 {
        var bytes: Int32 = -1  // a query: nothing is changed
        _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_RESERVE_BYTES, &bytes)
        return bytes
    }

    /// Whether `db`'s pages carry checksums.
    static func areKept(_ db: Database) -> Bool { reservedBytes(db) == Int32(ANTRAIN_PAGE_CHECKSUM_SIZE) }

    /// Page reads checked since the process started, and how many failed: for tests and
    /// `ANTRAIN_TRACE`.
    public static var counts: (checked: UInt64, failed: UInt64) {
        (antrain_page_checksums_checked(), antrain_page_checksums_failed())
    }
}
