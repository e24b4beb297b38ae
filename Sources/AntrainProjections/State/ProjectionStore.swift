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
public final class ProjectionStore: Sendable {
    /// The file of the state: a link to the generation in use (see ``StateGenerations``).
    public let path: String
    /// The models kept.
    let models: [any KeyedReadModel.Type]
    /// The state's files.
    private let generations: StateGenerations
    /// The stores open on the generation in use; reopened when another generation is installed.
    private let openStores: Locked<OpenState>
    /// Events per batch of a fold (the tests vary it: the state must not depend on it).
    private let batchSize: Int

    /// The stores of one generation of the state.
    private struct OpenState: Sendable {
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

    /// Opens the generation the link names, for writing if it can be written.
    private static func open(_ generations: StateGenerations) throws -> OpenState {
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
                state.readable = FileManager.default.fileExists(atPath: path) ? try? SQLiteStateStore(path: path, readOnly: true) : nil
            }
            return state
        }
    }

    /// The stores of the generation in use: those open, or new ones when another process (or
    /// another store of this one) installed a generation since they were opened.
    private func stores() throws -> OpenState {
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

    private func update(_ log: any LogReader, rebuilding asked: Set<String>,
                        progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> StateCatchUpReport {
        let end = try await log.end()
        let target: SQLiteStateStore
        var saved = true
        let stores = try stores()
        if let writable = stores.writable {
            target = writable
        } else {
            target = try stores.readable?.copyIntoMemory() ?? SQLiteStateStore.inMemory()
            saved = false
        }
        do {
            return try await update(target, log: log, end: end, rebuilding: asked, saved: saved, progress: progress)
        } catch let error as StateStoreError where error.isUnwritable && saved {
            // The file could not be written after all (read-only storage, or another process
            // held the write lock too long): answer from a copy in memory.
            let copy = try target.copyIntoMemory()
            return try await update(copy, log: log, end: end, rebuilding: asked, saved: false, progress: progress)
        }
    }

    private func update(_ store: SQLiteStateStore, log: any LogReader, end: (nextOffset: UInt64, chainHead: ChainHash),
                        rebuilding asked: Set<String>, saved: Bool,
                        progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> StateCatchUpReport {
        let (positions, present) = try store.read { state in
            (try state.positions(), try models.map { model in try model.keyspaces.allSatisfy { try state.exists($0) } })
        }
        var starts: [StateStart] = []
        var rebuild: [any KeyedReadModel.Type] = []
        var behind: [(type: any KeyedReadModel.Type, position: LogPosition)] = []
        var blocks: [UInt64: BlockHeader?] = [:]
        for (model, tablesExist) in zip(models, present) {
            let check = asked.contains(model.name) ? .rebuild(reason: "a rebuild was asked for")
                : try StoredStateCheck.check(positions[model.name], of: model, tablesExist: tablesExist, log: log, end: end,
                                             blocks: &blocks)
            switch check {
            case .current:
                starts.append(StateStart(name: model.name, kind: .current))
            case let .behind(position):
                starts.append(StateStart(name: model.name, kind: .caughtUp(from: position)))
                behind.append((model, position))
            case let .rebuild(reason):
                starts.append(StateStart(name: model.name, kind: .rebuilt(reason: reason)))
                rebuild.append(model)
            }
        }
        var summary = ReplaySummary()
        var store = store
        let fold = { (target: SQLiteStateStore) in
            var parallel = ParallelRebuild(store: target, log: log)
            parallel.batchSize = self.batchSize
            return try await parallel.run(rebuild, to: end.nextOffset, progress: progress).summary
        }
        if !rebuild.isEmpty, saved, store.path != nil, Set(positions.keys).isSubset(of: rebuild.map { $0.name }) {
            // Every model the state holds is rebuilt: a new generation of the file replaces it,
            // and the stores reopen on it (the link moved).
            summary = try await generations.replace(fold)
            guard let writable = try stores().writable else {
                throw StateStoreError(path: path, message: "the rebuilt state was installed but cannot be opened for writing")
            }
            store = writable
        } else if !rebuild.isEmpty {
            summary = try await fold(store)
            if saved {
                try? store.checkpoint()
                // A best effort: a full disk leaves the file as it is, whole.
                _ = try? store.compactIfSparse()
            }
        }
        if !behind.isEmpty {
            var sequential = SequentialFold()
            sequential.batchSize = batchSize
            let caughtUp = try store.write { state in
                try sequential.run(Self.stillBehind(behind, now: try state.positions(), end: end.nextOffset),
                                         log: log, to: end.nextOffset, in: state)
            }
            summary.merge(caughtUp)
        }
        return StateCatchUpReport(store: store, starts: starts, summary: summary, end: end.nextOffset, saved: saved)
    }

    /// The models of `behind` with the positions to fold from: another process may have moved
    /// some on (on this same log) since they were checked; those are taken from there.
    private static func stillBehind(_ behind: [(type: any KeyedReadModel.Type, position: LogPosition)],
                                    now: [String: StoredPosition], end: UInt64) -> [(type: any KeyedReadModel.Type, position: LogPosition)] {
        behind.map { model in
            guard let stored = now[model.type.name], stored.version == model.type.version,
                  stored.position.offset > model.position.offset, stored.position.offset <= end else { return model }
            return (model.type, stored.position)
        }
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

/// What a catch-up did, and where to read the answers.
public struct StateCatchUpReport: Sendable {
    /// The store holding the caught-up state: the log's, or a copy in memory when it could
    /// not be written (``saved`` is false then).
    public var store: SQLiteStateStore
    /// How each model started.
    public var starts: [StateStart]
    /// What was decoded and skipped.
    public var summary: ReplaySummary
    /// The log's end that every model now reflects.
    public var end: UInt64
    /// Whether the new state was saved in the log's store.
    public var saved: Bool
}

/// How a model's state was brought up to date.
public struct StateStart: Sendable, Equatable, CustomStringConvertible {
    /// How.
    public enum Kind: Sendable, Equatable {
        /// It was at the log's end already.
        case current
        /// From its stored position, folding what came after.
        case caughtUp(from: LogPosition)
        /// From the start of the log, because its stored state could not be used.
        case rebuilt(reason: String)
    }

    /// The model.
    public var name: String
    /// How.
    public var kind: Kind

    public var description: String {
        switch kind {
        case .current: return "\(name): up to date"
        case let .caughtUp(position): return "\(name): caught up from \(position)"
        case let .rebuilt(reason): return "\(name): rebuilt from the start: \(reason)"
        }
    }
}

extension ReplaySummary {
    /// Adds what another read decoded and skipped.
    mutating func merge(_ other: ReplaySummary) {
        decoded += other.decoded
        skippedUnknownTypes.merge(other.skippedUnknownTypes, uniquingKeysWith: +)
        skippedNewerVersions.merge(other.skippedNewerVersions, uniquingKeysWith: +)
    }
}
