import Foundation
import GRDB

/// A failure of the state store: SQLite's error, with the file and what was being done.
public struct StateStoreError: Error, Sendable, CustomStringConvertible {
    /// The database file.
    public var path: String
    /// SQLite's result code, when the failure is SQLite's.
    public var code: Int32?
    /// What went wrong.
    public var message: String

    /// A failure with a message.
    public init(path: String, code: Int32? = nil, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    init(_ error: any Error, path: String) {
        if let error = error as? StateStoreError {
            self = error
        } else if let error = error as? DatabaseError {
            // A backup's failure is the source's, but GRDB reads the message of the copy's
            // connection, which says "not an error": SQLite's name of the code says more.
            let message = error.message.flatMap { $0 == "not an error" ? nil : $0 } ?? "\(error.extendedResultCode)"
            let statement = error.sql.map { " (while running \($0.prefix(80)))" } ?? ""
            self.init(path: path, code: error.extendedResultCode.rawValue, message: message + statement)
        } else {
            self.init(path: path, message: "\(error)")
        }
    }

    /// Whether the store could not be written because the file or its directory is read-only,
    /// or another process held the write lock past the timeout.
    public var isUnwritable: Bool {
        guard let code else { return false }
        let primary = code & 0xFF
        return primary == 8 /* SQLITE_READONLY */ || primary == 5 /* SQLITE_BUSY */ || primary == 14 /* SQLITE_CANTOPEN */
            || primary == 23 /* SQLITE_AUTH */ || primary == 3 /* SQLITE_PERM */
    }

    /// Whether the file is damaged: a page whose checksum does not match its bytes (see
    /// ``PageChecksums``), a file SQLite finds malformed or no database at all, or one that
    /// lost its checksums. The state is derived: such a file is set aside and rebuilt.
    public var isDamage: Bool {
        guard let code else { return false }
        let primary = code & 0xFF
        return primary == 11 /* SQLITE_CORRUPT */ || primary == 26 /* SQLITE_NOTADB */ || code == 8202 /* SQLITE_IOERR_DATA */
    }

    /// The error of a store whose file is damaged, in words.
    static func damaged(path: String, _ message: String) -> StateStoreError {
        StateStoreError(path: path, code: 11 /* SQLITE_CORRUPT */, message: message)
    }

    public var description: String {
        let what = code == 8202 ? "a page's checksum does not match its bytes (the file changed after it was written)" : message
        // SQLite's code beside its words: its message can be stale ("not an error").
        return "\(path): \(what)" + (code.map { " (SQLite result code \($0))" } ?? "")
    }
}
