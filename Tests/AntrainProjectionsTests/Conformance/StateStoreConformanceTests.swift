import AntrainLog
import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// What every ``KeyedStateStore`` promises, run on the SQLite store, the one in memory and the
/// one on a PostgreSQL server through the protocol alone: the same answers to every read, transactions whole or not at
/// all, positions beside the state.
@Suite("Conformance: keyed state stores")
struct StateStoreConformanceTests {
    static let keyspace = StateKeyspace(projection: "conformance", name: "rows",
                                        columns: [.init("day", .text), .init("amount", .real), .init("rank", .integer)],
                                        indexes: [.init("by_day", ["day", "rank"]), .init("by_amount", ["amount"])])

    /// Rows with NULLs, ties, integers and doubles mixed, keys of several lengths.
    static let rows: [(key: [UInt8], columns: [StateColumnValue])] = [
        ([1], [.text("2026-03-02"), .real(10.5), .integer(3)]),
        ([1, 0], [.text("2026-03-02"), .integer(10), .integer(1)]),
        ([2], [.null, .real(-1), .integer(2)]),
        ([0, 255], [.text("2026-02-28"), .null, .null]),
        ([3, 3, 3], [.text("2026-03-10"), .real(10), .integer(3)]),
        ([4], [.text("2026-03-02"), .real(2.25), .integer(1)]),
        ([], [.text("ä day"), .real(1e9), .integer(-5)]),
    ]

    static func filled(_ storage: StateStorage) throws -> (store: any MaintainedStateStore, directory: TemporaryDirectory?) {
        let opened = try storage.store()
        try opened.store.write { state in
            try state.reset([keyspace], of: "conformance")
            for (number, row) in rows.enumerated() {
                try state.put(keyspace, key: row.key, value: [UInt8(number)], columns: row.columns)
            }
            try state.setPosition(StoredPosition(projection: "conformance", version: 2,
                                                 position: LogPosition(offset: 7, chainHash: ChainHash(bytes: Array(repeating: 7, count: 32)))))
        }
        return opened
    }

    /// Every read the protocol offers, as plain values to compare across stores.
    static func answers(_ store: any KeyedStateStore) throws -> [String] {
        let keyspace = keyspace
        return try store.read { state in
            var out: [String] = []
            out.append("positions \(try state.positions().mapValues { "\($0.version)@\($0.position.offset)" })")
            out.append("exists \(try state.exists(keyspace)) count \(try state.count(in: keyspace))")
            out.append("value \(String(describing: try state.value(in: keyspace, key: [1, 0]))) missing \(String(describing: try state.value(in: keyspace, key: [9])))")
            for (lower, upper) in [(nil, nil), ([1], [3]), ([0, 255], nil), (nil, [1, 0])] as [([UInt8]?, [UInt8]?)] {
                for descending in [false, true] {
                    let entries = try state.entries(in: keyspace, from: lower, below: upper, descending: descending, limit: nil)
                    out.append("keys \(String(describing: lower))..<\(String(describing: upper)) \(descending): \(entries.map(\.value))")
                }
            }
            out.append("limit \(try state.entries(in: keyspace, from: nil, below: nil, descending: true, limit: 2).map(\.value))")
            let bounds: [(StateColumnValue?, StateColumnValue?)] = [(nil, nil), (.text("2026-03-02"), .text("2026-03-02")), (.text("2026-03-01"), nil)]
            for (lower, upper) in bounds {
                for descending in [false, true] {
                    let entries = try state.entries(in: keyspace, by: keyspace.index("by_day"), from: lower, through: upper,
                                                    descending: descending, limit: nil)
                    out.append("by_day \(String(describing: lower)) \(String(describing: upper)) \(descending): \(entries.map(\.value))")
                }
            }
            for (lower, upper) in [(nil, nil), (.integer(0), .real(10.5)), (.real(10), nil)] as [(StateColumnValue?, StateColumnValue?)] {
                let entries = try state.entries(in: keyspace, by: keyspace.index("by_amount"), from: lower, through: upper,
                                                descending: false, limit: 4)
                out.append("by_amount \(String(describing: lower)) \(String(describing: upper)): \(entries.map(\.value))")
            }
            var scanned: [String] = []
            try state.scan(keyspace, by: keyspace.index("by_day"), from: nil, through: nil, descending: true, columns: ["rank", "amount"]) { key, columns in
                scanned.append("\(key) \(columns)")
                return scanned.count < 5
            }
            out.append("scan \(scanned)")
            out.append("where \(try state.entries(in: keyspace, where: "rank", equals: .integer(1)).map(\.value))")
            out.append("where real \(try state.entries(in: keyspace, where: "amount", equals: .integer(10)).map(\.value))")
            out.append("where null \(try state.entries(in: keyspace, where: "rank", equals: .null).map(\.value))")
            return out
        }
    }

    @Test("Every read answers on each store as on the SQLite store, and so does a copy in memory",
          arguments: [StateStorage.memory, .postgres])
    func sameAnswers(_ storage: StateStorage) throws {
        let sqlite = try Self.filled(.sqlite)
        let other = try Self.filled(storage)
        let expected = try Self.answers(sqlite.store)
        #expect(expected.count > 20)
        let answered = try Self.answers(other.store)
        for (mine, theirs) in zip(answered, expected) { #expect(mine == theirs) }
        #expect(answered.count == expected.count)
        #expect(try Self.answers(try other.store.temporaryCopy()) == expected, "a copy answers as its source")
        #expect(try Self.answers(try sqlite.store.temporaryCopy()) == expected)
    }

    @Test("A write is whole or nothing: one that throws leaves the state as it was", arguments: StateStorage.allCases)
    func wholeOrNothing(_ storage: StateStorage) throws {
        let opened = try Self.filled(storage)
        let before = try Self.answers(opened.store)
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try opened.store.write { state in
                try state.delete(Self.keyspace, key: [1])
                try state.put(Self.keyspace, key: [9], value: [9], columns: [.null, .null, .null])
                try state.setPosition(StoredPosition(projection: "conformance", version: 3, position: .start))
                throw Abandon()
            }
        }
        #expect(try Self.answers(opened.store) == before)
        try opened.store.write { state in
            try state.delete(Self.keyspace, key: [1])
            try state.put(Self.keyspace, key: [1, 0], value: [42], columns: [.null, .integer(0), .integer(0)])
        }
        let after = try opened.store.read { state in
            (try state.value(in: Self.keyspace, key: [1]), try state.value(in: Self.keyspace, key: [1, 0]), try state.count(in: Self.keyspace))
        }
        #expect(after.0 == nil && after.1 == [42] && after.2 == Self.rows.count - 1)
    }

    @Test("A reset empties a projection's keyspaces and forgets its position; another's stays", arguments: StateStorage.allCases)
    func reset(_ storage: StateStorage) throws {
        let opened = try Self.filled(storage)
        let other = StateKeyspace(projection: "other", name: "rows")
        try opened.store.write { state in
            try state.reset([other], of: "other")
            try state.put(other, key: [1], value: [1], columns: [])
            try state.setPosition(StoredPosition(projection: "other", version: 1, position: .start))
            try state.reset([Self.keyspace], of: "conformance")
        }
        let seen = try opened.store.read { state in
            (emptied: try state.count(in: Self.keyspace), exists: try state.exists(Self.keyspace), other: try state.count(in: other),
             positions: Set(try state.positions().keys), never: try state.exists(StateKeyspace(projection: "never", name: "built")))
        }
        #expect(seen.emptied == 0 && seen.exists && seen.other == 1 && seen.positions == ["other"] && !seen.never)
    }
}
