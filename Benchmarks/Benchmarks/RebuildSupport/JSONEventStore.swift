import AntrainEvents
import AntrainLog
import Foundation
import GRDB

/// The peer of the rebuild: the same events as JSON text in SQLite, through GRDB, one row
/// per event (offset, stream, type, recorded_at, payload), as an app storing its events
/// with Codable would keep them.
public final class JSONEventStore: Sendable {
    let queue: DatabaseQueue

    /// Opens (and creates) the store at `path`.
    public init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS events(
                    offset INTEGER PRIMARY KEY, stream TEXT NOT NULL, stream_version INTEGER NOT NULL,
                    type TEXT NOT NULL, recorded_at INTEGER NOT NULL, payload TEXT NOT NULL)
                """)
        }
    }

    /// Copies every event of `log` into the table, as JSON (EventJSON's encoder), in
    /// transactions of 20,000 rows.
    public func load(from log: EventLogReader) async throws {
        let encoder = EventJSON.makeEncoder()
        var rows: [(UInt64, String, UInt64, String, Int64, String)] = []
        func flush() throws {
            let batch = rows
            rows.removeAll(keepingCapacity: true)
            try queue.write { db in
                let insert = try db.cachedStatement(sql: "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)")
                for row in batch {
                    try insert.execute(arguments: [Int64(row.0), row.1, Int64(row.2), row.3, row.4, row.5])
                }
            }
        }
        try await log.replay { stored in
            let json = String(decoding: try EventJSON.encode(stored.event, encoder: encoder), as: UTF8.self)
            rows.append((stored.offset, stored.streamID, stored.streamVersion, stored.event.eventType,
                         stored.recordedAt.microsecondsSince1970, json))
            if rows.count == 20_000 { try flush() }
        }
        try flush()
        try await queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    /// Reads up to `limit` rows from `offset` on, in offset order, with a GRDB cursor, and
    /// decodes each row's JSON with Foundation's JSONDecoder (keyset paging, so that the
    /// caller can hand each page to the projections between reads).
    public func page(from offset: UInt64, limit: Int, decoder: JSONDecoder, catalog: EventCatalog = .standard) throws -> [StoredEvent] {
        try queue.read { db in
            var events: [StoredEvent] = []
            events.reserveCapacity(limit)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT offset, stream, stream_version, type, recorded_at, payload FROM events
                WHERE offset >= ? ORDER BY offset LIMIT ?
                """, arguments: [Int64(offset), limit])
            while let row = try rows.next() {
                let eventType: String = row[3]
                let event = try row.withUnsafeData(atIndex: 5) { data in
                    try catalog.decodeJSON(eventType: eventType, from: data ?? Data(), decoder: decoder)
                }
                let rowOffset: Int64 = row[0]
                let version: Int64 = row[2]
                let recordedAt: Int64 = row[4]
                events.append(StoredEvent(offset: UInt64(rowOffset), streamID: row[1], streamVersion: UInt64(version),
                                          eventID: Self.noID, recordedAt: Timestamp(microsecondsSince1970: recordedAt),
                                          storedSchemaVersion: type(of: event).schemaVersion, event: event))
            }
            return events
        }
    }

    /// The table stores no event ids (projections do not read them).
    private static let noID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    public func close() throws { try queue.close() }
}
