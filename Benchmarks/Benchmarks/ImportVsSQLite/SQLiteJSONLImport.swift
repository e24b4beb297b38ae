import Foundation
import GRDB

/// The peer: the same JSON Lines file inserted into a new SQLite database through GRDB, as
/// an app keeping its events as JSON rows would import it.
///
/// One row per event: the offset (the rowid, assigned on insert as Antrain assigns offsets),
/// the event id (16 bytes, UNIQUE: a re-import finds its ids stored and `INSERT OR IGNORE`
/// skips them, as the import leaves out stored ids), stream, type, recorded-at (the line's
/// ISO 8601 text, which sorts as time does) and the event's JSON text. Two ways to read a line:
///
/// - `.decoder`: `JSONDecoder` decodes the four fields the row needs (and skips the event),
///   and the line itself is stored as the JSON text: the fastest a Foundation peer gets.
/// - `.serialization`: `JSONSerialization` parses the line and the event object is
///   serialised again (keys sorted), so the row holds the event alone, as Antrain re-encodes
///   each event into its stored form.
///
/// Neither checks the events: a line with the four fields goes in. All rows go in one
/// transaction through one prepared statement; a line without the fields fails the import,
/// and the rollback leaves nothing.
///
/// Durability: `synchronous = FULL`, so the commit is on disk when the import returns, as
/// the CLI's import is after its closing fsync. 64 MiB page cache, as the other peers.
enum SQLiteJSONLImport {
    /// SQLite's journal: WAL (the other peers' choice), or its default rollback journal.
    enum Journal: String, Sendable {
        case wal = "WAL"
        case rollback = "DELETE"
    }

    /// How a line is read.
    enum Parsing: Sendable {
        case decoder
        case serialization
    }

    /// The fields of a line a row needs, decoded (the event object is skipped).
    struct Header: Decodable {
        var type: String
        var stream: String
        var id: UUID
        var recordedAt: String
    }

    static let schema = """
        CREATE TABLE events(
            offset INTEGER PRIMARY KEY,
            event_id BLOB NOT NULL UNIQUE,
            stream TEXT NOT NULL,
            type TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            event TEXT NOT NULL)
        """

    struct BadLine: Error, CustomStringConvertible {
        var line: Int
        var description: String { "line \(line) is not an event envelope with type, stream, id, recordedAt and event" }
    }

    /// Imports the JSON Lines file at `file` into a new database at `database`; returns the
    /// rows inserted.
    static func run(file: String, database: String, journal: Journal, parsing: Parsing) throws -> Int {
        guard let data = FileManager.default.contents(atPath: file) else { throw CocoaError(.fileReadNoSuchFile) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journal.rawValue)")
            guard mode?.uppercased() == journal.rawValue else { throw DatabaseError(message: "journal_mode is \(mode ?? "nil")") }
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        let queue = try DatabaseQueue(path: database, configuration: configuration)
        let inserted = try queue.write { db in
            try db.execute(sql: schema)
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO events(event_id, stream, type, recorded_at, event) VALUES (?, ?, ?, ?, ?)")
            var inserted = 0
            let decoder = JSONDecoder()
            try forEachLine(of: data) { number, line in
                switch parsing {
                case .decoder:
                    guard let header = try? decoder.decode(Header.self, from: line) else { throw BadLine(line: number) }
                    insert.setUncheckedArguments([header.id, header.stream, header.type, header.recordedAt, String(decoding: line, as: UTF8.self)])
                case .serialization:
                    guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any],
                          let type = object["type"] as? String, let stream = object["stream"] as? String,
                          let id = (object["id"] as? String).flatMap(UUID.init(uuidString:)),
                          let recordedAt = object["recordedAt"] as? String, let event = object["event"] as? [String: Any]
                    else { throw BadLine(line: number) }
                    let json = String(decoding: try JSONSerialization.data(withJSONObject: event, options: [.sortedKeys]), as: UTF8.self)
                    insert.setUncheckedArguments([id, stream, type, recordedAt, json])
                }
                try insert.execute()
                inserted += db.changesCount
            }
            return inserted
        }
        try queue.close()
        return inserted
    }

    /// Calls `body` with each non-empty line (numbered from 1) as its own `Data`, finding the
    /// line breaks with memchr rather than `Data.split`, which costs more than the parse here.
    static func forEachLine(of data: Data, _ body: (Int, Data) throws -> Void) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> Void in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            var number = 0
            while start < bytes.count {
                number += 1
                var end = bytes.count
                if let newline = memchr(base + start, 0x0A, bytes.count - start) { end = base.distance(to: UnsafeRawPointer(newline)) }
                if end > start { try body(number, Data(bytes: base + start, count: end - start)) }
                start = end + 1
            }
        }
    }
}
