import Foundation
import GRDB
import Testing

/// The projection state of a log, reached as another process would: SQLite on the file, for
/// the tests of concurrent commands (never to change what the binary stores).
struct StateFileProbe {
    let logDirectory: String
    var path: String { logDirectory + "/projections/state.sqlite" }

    /// Every model's stored offset, by name (`state_positions`, docs/FORMAT.md).
    func offsets() throws -> [String: UInt64] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(60)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        let rows = try queue.read { try Row.fetchAll($0, sql: "SELECT projection, log_offset FROM state_positions") }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as String, UInt64($0[1] as Int64)) })
    }
}

/// SQLite's write lock on a log's state, held as a long catch-up of another process holds it.
final class StateWriteLock {
    private let queue: DatabaseQueue

    init(_ probe: StateFileProbe) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(600)
        configuration.allowsUnsafeTransactions = true  // the lock is held between two calls
        queue = try DatabaseQueue(path: probe.path, configuration: configuration)
    }

    /// Takes the lock (`BEGIN IMMEDIATE`), waiting for any holder.
    func take() throws { try queue.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") } }

    /// Ends the transaction, having written nothing.
    func release() throws { try queue.inDatabase { try $0.execute(sql: "ROLLBACK") } }
}

/// Lines for `append`: domain events with fixed, known figures.
enum AppendLines {
    /// 80 g of oats (379 kcal per 100 g: 303.2 kcal) on `day`, a new entry each time.
    static func oats(day: String = "2025-09-15") -> String {
        #"{"event":{"amountGrams":80,"day":"\#(day)","entryID":"\#(UUID().uuidString)","foodID":"9F91EA8D-44B6-80FD-BE74-A7C5EDEFA0F1","foodName":"Oats","loggedAt":"\#(day)T11:05:00Z","meal":"lunch","per100g":{"caloriesKcal":379,"carbsG":66,"fatsG":6.5,"proteinG":13}},"type":"FoodLogged"}"#
    }

    /// A weigh-in of `kilograms` at `instant`.
    static func weighIn(_ kilograms: Double, at instant: String) -> String {
        #"{"event":{"entryID":"\#(UUID().uuidString)","recordedAt":"\#(instant)","timeZone":"UTC","weight":{"unit":"kg","value":\#(kilograms)}},"type":"BodyweightRecorded"}"#
    }
}

extension Scratch {
    /// A copy of `log` without its state, so that its first query rebuilds every model: the
    /// reference every concurrent answer is compared with.
    func freshCopy(of log: String, named name: String) throws -> String {
        let copy = url.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: log, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/projections")
        return copy
    }
}
