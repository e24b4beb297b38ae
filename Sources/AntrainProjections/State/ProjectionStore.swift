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
/// A catch-up checks each model's stored position against the log (see ``StoredStateCheck``),
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
    /// The file of the state: a link to the generation in use (see ``StateGenerations``).
    public let path: String
    /// The models kept.
    let models: [any KeyedReadModel.Type]
    /// The state's files.
    let generations: StateGenerations
    /// The stores open on the generation in use; reopened when another generation is installed.
    private let openStores: Locked<OpenState>
    /// Events per batch of a fold (the tests vary it: the state must not depend on it).
    let batchSize: Int

    /// The stores of one generation of the state.
    struct OpenState: Sendable {
        /// The store written; nil when the file cannot be written (then catch-ups work on a copy).
        var writable: SQLiteStateStore?
        /// The store read when nothing can be written: the file's state, or nothing.
        var readable: SQLiteStateStore?
        /// The generation they are open on (nil: a plain file, or none).
        var generation: String?
    }

    /// The store of the log in `logDirectory`, for `models`. Opening it the first time
    /// removes the checkpoint files of earlier builds (`projections/*.checkpoint` and
    /// `*.digest`), whose state the store replaces.
    package init(logDirectory: String, models: [any KeyedReadModel.Type], batchSize: Int = EventBatchReader.defaultBatchSize) throws {
        self.batchSize = batchSize
        let directory = (logDirectory as NSString).appendingPathComponent("projections")
        generations = StateGenerations(directory: directory)
        path = generations.linkPath
        self.models = models
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let opened = try Self.open(generations)
        openStores = Locked(opened)
        if opened.writable != nil {
            Self.removeLegacyCheckpoints(in: directory)
            generations.removeLeftovers()
        }
    }

    /// Opens the generation the link names, for writing if it can be written; a damaged one
    /// is set aside, and the state opened again (empty, to be rebuilt).
    private static func open(_ generations: StateGenerations) throws -> OpenState {
        for _ in 0..<3 {
            do {
                return try openInUse(generations)
            } catch let error as StateStoreError where error.isDamage {
                // Outside `opening`: setting aside takes the lock exclusive.
                try setAside(error, in: generations)
            }
        }
        return try openInUse(generations)
    }

    private static func openInUse(_ generations: StateGenerations) throws -> OpenState {
        try generations.opening {
            // The generation's own path, not the link's: GRDB looks for the WAL beside the
            // path it opens, and finding none there, writes to create one at every open.
            let generation = generations.current()
            let path = generation.map { generations.directory + "/" + $0 } ?? generations.linkPath
            var state = OpenState(generation: generation)
            do {
                state.writable = try SQLiteStateStore(path: path)
            } catch let error as StateStoreError where !error.isUnwritable {
                throw error
            } catch {
                trace("opened read-only: \(error)")
                state.readable = FileManager.default.fileExists(atPath: path) ? try? SQLiteStateStore(path: path, readOnly: true) : nil
            }
            return state
        }
    }

    /// The stores of the generation in use: those open, or new ones when another process (or
    /// another store of this one) installed a generation since they were opened.
    func stores() throws -> OpenState {
        let opened = openStores.withLock { $0 }
        guard generations.current() != opened.generation else { return opened }
        let reopened = try Self.open(generations)
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

    /// The state of `models` as of a point in the log's past, folded from the start into a
    /// store in memory: stored state is neither read nor written.
    package static func travel(_ models: [any KeyedReadModel.Type], in log: any LogReader,
                               to point: TimeTravelPoint) async throws -> SQLiteStateStore {
        let store = try SQLiteStateStore.inMemory()
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

    private static func removeLegacyCheckpoints(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasSuffix(".checkpoint") || name.hasSuffix(".digest") || name.contains(".checkpoint.tmp-")
            || name.contains(".digest.tmp-") {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
