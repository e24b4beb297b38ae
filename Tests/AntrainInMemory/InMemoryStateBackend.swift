import AntrainLog
import AntrainProjections
import Foundation

/// Projection state kept in memory, written only against ``StateBackend``: the second
/// backend beside SQLite, for the conformance suites and tests that need no files.
///
/// ```swift
/// let projections = try ProjectionStore(backend: InMemoryStateBackend(), readModels: [WeeklyWeighIns.self])
/// let report = try await projections.catchUp(log)
/// ```
///
/// It keeps generations as the SQLite backend does: a rebuild of every model builds a new
/// store and installs it, and stores opened on the one before are opened again.
public final class InMemoryStateBackend: StateBackend {
    private struct InUse: Sendable {
        var store = InMemoryStateStore()
        var generation = 0
        var setAside: [String] = []
    }

    private let inUse = Locked(InUse())
    /// Held shared by work on the generation in use, exclusive by an install.
    private let installing = ReadWriteLock()

    /// An empty state.
    public init() {}

    /// "memory".
    public var location: String { "memory" }

    /// The store in use, always writable.
    public func open() throws -> OpenedState {
        let current = inUse.withLock { $0 }
        return OpenedState(writable: current.store, readable: nil, generation: String(current.generation))
    }

    /// The number of the generation in use.
    public func currentGeneration() -> String? { String(inUse.withLock { $0.generation }) }

    public func whileInUse<Result>(_ generation: String?, _ body: () throws -> Result) throws -> Result? {
        try installing.shared {
            guard generation == currentGeneration() else { return nil }
            return try body()
        }
    }

    public func whileInUse<Result>(_ generation: String?, _ body: () async throws -> Result) async throws -> Result? {
        installing.lockShared()
        defer { installing.unlock() }
        guard generation == currentGeneration() else { return nil }
        return try await body()
    }

    /// Builds a new store, finishes it with no work on the old one running, and installs it.
    public func replace<Result>(_ build: (any MaintainedStateStore) async throws -> Result,
                                finishing: (any MaintainedStateStore) throws -> Void) async throws -> Result {
        let fresh = InMemoryStateStore()
        let result = try await build(fresh)
        try installing.exclusive {
            try finishing(fresh)
            inUse.withLock { state in
                state.store = fresh
                state.generation += 1
            }
        }
        return result
    }

    /// Puts an empty store in place of the one in use (kept, never deleted, in ``setAside``).
    public func setAside(_ error: StateStoreError) throws -> String? {
        installing.exclusive {
            inUse.withLock { state in
                state.setAside.append("generation \(state.generation): \(error.message)")
                state.store = InMemoryStateStore()
                state.generation += 1
                return "memory, generation \(state.generation - 1)"
            }
        }
    }

    /// What was set aside, oldest first.
    public var setAside: [String] { inUse.withLock { $0.setAside } }

    /// A new, empty store.
    public func makeTemporaryStore() throws -> any MaintainedStateStore { InMemoryStateStore() }
}
