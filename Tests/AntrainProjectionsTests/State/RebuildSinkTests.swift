@testable import AntrainProjections
import Foundation
import Testing

/// A rebuild's writer answers a fold's read-back of a key it wrote out ahead of the changes
/// still queued, so the answer must be the key's last change sent, wherever that change is:
/// still queued, being applied, or already in the transaction.
@Suite("Keyed state: the rebuild's writer")
struct RebuildSinkTests {
    static let keyspace = StateKeyspace(projection: "sink-test", name: "values")

    @Test("A key read back right after its changes were sent is their last one, put or deleted, in any order of arrival")
    func readBackSeesTheLastChangeSent() async throws {
        let store = try SQLiteStateStore.inMemory()
        let sink = RebuildSink(store: store, rebuilding: [("sink-test", [Self.keyspace])])
        // Many rounds, each sending a burst of changes and reading back at once, so that reads
        // meet changes queued, half applied and applied.
        var expected: [UInt8: [UInt8]?] = [:]
        for round in 0..<200 {
            var changes: [StateChange] = []
            for item in 0..<50 {
                let key = UInt8((round * 7 + item * 13) % 16)  // each key changed about three times a burst
                if (round + item) % 5 == 0 {
                    changes.append(.delete(Self.keyspace, key: [key]))
                    expected[key] = .some(nil)
                } else {
                    let value = [UInt8(round % 256), UInt8(item)]
                    changes.append(.put(Self.keyspace, key: [key], value: value, columns: []))
                    expected[key] = value
                }
            }
            await sink.send(changes)
            let key = UInt8((round * 7) % 16)
            #expect(try sink.load(Self.keyspace, key: [key]) == expected[key]!, "round \(round), key \(key)")
        }
        for key in UInt8(0)..<16 {
            let wanted = expected[key] ?? nil
            #expect(try sink.load(Self.keyspace, key: [key]) == wanted, "key \(key) at the end")
        }
        try await sink.finish(positions: [])
        let stored = try store.read { state in try (UInt8(0)..<16).map { try state.value(in: Self.keyspace, key: [$0]) } }
        #expect(stored == (UInt8(0)..<16).map { expected[$0] ?? nil })
        #expect(sink.loads.count == 216)
    }
}
