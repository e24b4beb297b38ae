import AntrainEvents
import AntrainLog
import Foundation

/// The keyed state of a log's read models, kept in `LOG_DIR/projections/state.sqlite` and
/// brought up to the log's end on demand.
///
/// ```swift
/// let log = try await EventLog.openReadOnly(at: FilePath(path))
/// let projections = try ProjectionStore(logDirectory: path, readModels: ["daily-nutrition"])
/// let report = try await projections.catchUp(log)        // fold only what is new, save
/// let day = try DailyNutrition(report.store, events: EventLookup(log: log)).day(today)  // read only the keys asked for
/// ```
///
/// A catch-up checks each model's stored position against the log (see `StoredStateCheck`),
/// rebuilds the models whose state cannot be used, and folds the events appended since into
/// the others in one transaction, which writes only the keys those events touched and the new
/// positions together. A log on read-only storage still gets its answers: the state is copied
/// into memory, caught up there, and not saved.
///
/// Several processes catch the same state up at once (the app, a script, a watch loop of
/// queries). What a catch-up folds is decided inside the write transaction that writes it:
/// the positions and the log's end are read there, under SQLite's write lock, so a stored
/// position only ever moves forward and no event is folded twice. A look without the lock
/// comes first, so that a query of a current state takes no lock and writes nothing.
/// docs/PROJECTIONS.md, "Concurrency", says which lock guards what.
public final class ProjectionStore: Sendable {
    /// Where the state is, for messages: the backend's location (the SQLite backend's link
    /// `projections/state.sqlite`).
    public let path: String
    /// The models kept.
    let models: [any KeyedReadModel.Type]
    /// Where the state is kept.
    let backend: any StateBackend
    /// The stores open on the generation in use; opened again when another is installed.
    private let openStores: Locked<OpenedState>
    /// Events per batch of a fold (the tests vary it: the state must not depend on it).
    let batchSize: Int

    /// The store of `models` kept by `backend`.
    package init(backend: any StateBackend, models: [any KeyedReadModel.Type],
                 batchSize: Int = EventBatchReader.defaultBatchSize) throws {
        self.batchSize = batchSize
        self.backend = backend
        path = backend.location
        self.models = models
        openStores = Locked(try backend.open())
    }

    /// The store of the log in `logDirectory` (its SQLite state, ``SQLiteStateBackend``), for
    /// `models`.
    package convenience init(logDirectory: String, models: [any KeyedReadModel.Type],
                             batchSize: Int = EventBatchReader.defaultBatchSize) throws {
        try self.init(backend: SQLiteStateBackend(logDirectory: logDirectory), models: models, batchSize: batchSize)
    }

    /// The stores of the generation in use: those open, or new ones when another process (or
    /// another store of this one) installed a generation since they were opened.
    func stores() throws -> OpenedState {
        let opened = openStores.withLock { $0 }
        guard backend.currentGeneration() != opened.generation else { return opened }
        let reopened = try backend.open()
        openStores.withLock { $0 = reopened }
        return reopened
    }

    /// Brings every model up to the log's end, rebuilding those whose stored state cannot be
    /// used; the store to read the answers from.
    public func catchUp(_ log: any LogReader, progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> StateCatchUpReport {
        try await update(log, rebuilding: [], progress: progress)
    }

    /// Rebuilds the models named (all, when nil) from the start of the log, and catches the
    /// others up.
    public func rebuild(_ log: any LogReader, names: Set<String>? = nil,
                        progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> StateCatchUpReport {
        let known = models.map { $0.name }
        if let names, let unknown = names.subtracting(known).sorted().first {
            throw ProjectionError.unknownProjection(unknown, known: known)
        }
        return try await update(log, rebuilding: Set(names ?? Set(known)), progress: progress)
    }

    /// The state of this store's models as of a point in the log's past, folded from the
    /// start into a store of the backend that lives in this process only
    /// (``StateBackend/makeTemporaryStore()``): stored state is neither read nor written.
    public func travel(in log: any LogReader, to point: TimeTravelPoint) async throws -> any KeyedStateStore {
        try await Self.travel(models, in: log, to: point, into: backend.makeTemporaryStore())
    }

    /// The state of `models` as of a point in the log's past, folded from the start into a
    /// SQLite store in memory: stored state is neither read nor written.
    package static func travel(_ models: [any KeyedReadModel.Type], in log: any LogReader,
                               to point: TimeTravelPoint) async throws -> SQLiteStateStore {
        try await travel(models, in: log, to: point, into: SQLiteStateStore.inMemory())
    }

    /// The state of `models` as of a point in the log's past, folded from the start into
    /// `store`, which must be empty.
    package static func travel<Store: KeyedStateStore>(_ models: [any KeyedReadModel.Type], in log: any LogReader,
                                                       to point: TimeTravelPoint, into store: Store) async throws -> Store {
        let end = try await log.end().nextOffset
        let rebuild = ParallelRebuild(store: store, log: log)
        switch point {
        case let .offset(offset):
            _ = try await rebuild.run(models, to: min(end, offset == .max ? offset : offset + 1))
        case let .instant(instant):
            let before = instant.microsecondsSince1970 == .max ? Int64.max : instant.microsecondsSince1970 + 1
            _ = try await rebuild.run(models, to: end, recordedBefore: before)
        }
        return store
    }
}
