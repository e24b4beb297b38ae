import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// What a table hands the store when its changes are taken: only what the store lacks.
@Suite("Keyed state: a table's changes")
struct KeyedTableTests {
    /// A count kept under a name.
    struct Count: KeyedValue, Equatable {
        typealias Key = NameKey
        var value: Int
        init(_ value: Int) { self.value = value }
        func encode(into writer: inout StateValueWriter) { writer.varint(UInt64(value)) }
        init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) { value = Int(try cursor.varint()) }
    }

    static let keyspace = StateKeyspace(projection: "table-test", name: "counts")

    static func table(storeHolds stored: [NameKey: Int] = [:]) -> KeyedTable<Count> {
        let loader = Loader(values: stored.reduce(into: [:]) { $0[$1.key.keyBytes] = Count($1.value).encoded })
        return KeyedTable(keyspace, context: FoldContext(loader: loader, storeHoldsUnseenKeys: true))
    }

    struct Loader: StateLoader {
        var values: [[UInt8]: [UInt8]]
        func load(_ keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? { values[key] }
    }

    static func described(_ changes: [StateChange]) -> [String] {
        changes.map { change in
            switch change {
            case let .put(_, key, value, _): "put \(String(decoding: key, as: UTF8.self))=\(value)"
            case let .putValue(_, key, value, _): "put \(String(decoding: key, as: UTF8.self))=\(value.encoded)"
            case let .delete(_, key): "delete \(String(decoding: key, as: UTF8.self))"
            }
        }
    }

    @Test("A key made and removed between two writes is neither put nor deleted; one the store holds is deleted")
    func removedBeforeWrittenNeedsNoDelete() {
        var table = Self.table(storeHolds: ["kept": 1, "gone": 2])
        _ = table.slot(of: "brief") { Count(5) }
        table.remove("brief")
        table.remove("gone")
        var changes: [StateChange] = []
        table.takeChanges(into: &changes)
        #expect(Self.described(changes) == ["delete gone"])

        // Made, written, then removed: now the store holds it, so it is deleted.
        _ = table.slot(of: "later") { Count(7) }
        changes.removeAll()
        table.takeChanges(into: &changes)
        #expect(Self.described(changes) == ["put later=[7]"])
        table.remove("later")
        changes.removeAll()
        table.takeChanges(into: &changes)
        #expect(Self.described(changes) == ["delete later"])
    }

    @Test("Taking the cold keys' changes leaves the keys still in use dirty, for the last write")
    func coldWriteKeepsHotKeysDirty() {
        let context = FoldContext(loader: NothingStored(), storeHoldsUnseenKeys: false)
        var table = KeyedTable<Count>(Self.keyspace, context: context)
        _ = table.slot(of: "old") { Count(1) }
        context.nextBatch()
        context.nextBatch()
        let hot = table.slot(of: "new") { Count(2) }
        table[hot].value = 3
        var changes: [StateChange] = []
        table.takeChanges(into: &changes, evictingColdBefore: context.batch)
        #expect(Self.described(changes) == ["put old=[1]"])
        #expect(table.count == 1)
        changes.removeAll()
        table.takeChanges(into: &changes)
        #expect(Self.described(changes) == ["put new=[3]"])
    }

    @Test("The filter of keys written out answers yes for every key written and rarely for another, random or counted ids alike")
    func evictedKeysFilterOfUUIDs() {
        // As many keys as the 5M-event log has workouts; a false "maybe" costs a fold a wait.
        let written = (0..<155_000).map { _ in UUID() }
        let counted = (0..<155_000).map { UUID.counted(UInt64($0)) }
        for (keys, others) in [(written, (0..<100_000).map { _ in UUID() }),
                               (counted, (155_000..<255_000).map { UUID.counted(UInt64($0)) })] {
            var filter = EvictedKeys()
            for key in keys { filter.insert(UUIDNumbering.spread(key)) }
            #expect(keys.allSatisfy { filter.mayContain(UUIDNumbering.spread($0)) })
            // About 1 in 40,000 expected with a well-spread hash: 2 or 3 of 100,000.
            let falseMaybes = others.count { filter.mayContain(UUIDNumbering.spread($0)) }
            #expect(falseMaybes <= 25, "\(falseMaybes) false positives of \(others.count)")
        }
    }
}

private extension UUID {
    /// An id whose first eight bytes are zero and the last eight a counter: ids with little
    /// randomness, as a hand-made import might carry.
    static func counted(_ number: UInt64) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 8)
        withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
        return UUID(keyBytes: bytes)!
    }
}
