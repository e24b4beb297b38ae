import AntrainEvents
import AntrainInMemory
import AntrainLog
import AntrainPostgres
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// A wait for the state's write lock holds no thread of Swift's cooperative pool
/// (``WaitingThread``): one process's full rebuild holds the lock while its lanes need the
/// pool, and catch-ups of the same state that wait on pool threads for that lock took all of
/// them (two on CI's machine), so that the rebuild, and they, never finished.
@Suite("Waiting for the state's write lock")
struct StateLockWaitTests {
    /// `count` backends on one new state (app servers, requests), and the folder of its files.
    static func backends(_ storage: StateStorage, count: Int) throws -> (backends: [any StateBackend], folder: TemporaryDirectory?) {
        switch storage {
        case .sqlite:
            let folder = TemporaryDirectory("state")
            return ((0..<count).map { _ in SQLiteStateBackend(directory: folder.path) }, folder)
        case .postgres:
            let server = try PostgresTestServer.shared().configuration
            let name = "lock-wait-\(UUID().uuidString)"
            return (try (0..<count).map { _ in try PostgresStateBackend.open(server, log: name, create: true) }, nil)
        case .memory:
            let backend = InMemoryStateBackend()
            return (Array(repeating: backend, count: count), nil)
        }
    }

    @Test("A full rebuild and six catch-ups of one state at once in one process all end, and the state equals a fresh rebuild's",
          arguments: [StateStorage.sqlite, .postgres])
    func rebuildBesideCatchUps(_ storage: StateStorage) async throws {
        let season = try await ProjectionsOnEachLogTests.season(.memory)
        let all = try await season.log.allRecords()
        let growing = InMemoryLog()
        func grow(to stop: Int) async throws {
            for record in all[try await Int(growing.end().nextOffset)..<stop] {
                try await growing.append([ProposedEvent(id: record.eventID, type: record.eventType, schemaVersion: record.schemaVersion,
                                                        payload: record.payload, recordedAt: record.recordedAt)],
                                         to: record.streamID, expectedVersion: .any)
            }
        }
        try await grow(to: all.count / 2)
        let (backends, folder) = try Self.backends(storage, count: 7)
        defer { withExtendedLifetime(folder) {} }
        let projections = try backends.map { try ProjectionStore(backend: $0, models: StandardModels.all, batchSize: 500) }
        _ = try await projections[0].catchUp(growing)
        // The catch-ups have the second half to fold, and wait for the rebuild's lock to write it.
        try await grow(to: all.count)
        // The catch-ups start once the rebuild reports progress: on a server it holds the
        // state's lock from before its first batch to its commit.
        let (rebuilding, progressed) = AsyncStream<Void>.makeStream()
        let ends = try await withThrowingTaskGroup(of: UInt64.self) { group in
            group.addTask { try await projections[0].rebuild(growing, progress: { _ in progressed.yield() }).end }
            for await _ in rebuilding { break }
            for store in projections.dropFirst() { group.addTask { try await store.catchUp(growing).end } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ends == Array(repeating: UInt64(all.count), count: projections.count))
        let fresh = try await ProjectionsOnEachLogTests.state(of: season.log)
        for store in projections {
            #expect(try StateTesting.dump(try await store.catchUp(growing).store, StandardModels.all) == fresh)
        }
    }
}
