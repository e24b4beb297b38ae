import Foundation

/// The read models' state in SQLite files beside the log: `LOG_DIR/projections/state.sqlite`,
/// a link to the generation in use (`StateGenerations`); the first ``StateBackend``.
///
/// ```swift
/// let backend = SQLiteStateBackend(logDirectory: path)
/// let projections = try ProjectionStore(backend: backend, readModels: [WeeklyWeighIns.self])
/// ```
///
/// Processes share the files: each opens the generation the link names, a rebuild of every
/// model writes a new generation and installs it under `state.lock`, and damaged files are
/// moved to `projections/damaged/` (docs/PROJECTIONS.md, "Concurrency" and "Damage"). A file
/// that cannot be written (read-only storage) is opened to read, and a catch-up answers from
/// a copy in memory.
public struct SQLiteStateBackend: StateBackend {
    /// The files of the state.
    let generations: StateGenerations

    /// The state in `directory` (created when missing and possible). Opening it for writing
    /// the first time removes the checkpoint files of earlier builds (`*.checkpoint` and
    /// `*.digest`), whose state this replaces, and the files of generations no longer in use.
    public init(directory: String) {
        generations = StateGenerations(directory: directory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// The state of the log in `logDirectory`: its `projections` folder.
    public init(logDirectory: String) {
        self.init(directory: (logDirectory as NSString).appendingPathComponent("projections"))
    }

    /// The link every process opens: `projections/state.sqlite`.
    public var location: String { generations.linkPath }

    /// Opens the generation the link names, for writing if it can be written; a damaged one
    /// is set aside, and the state opened again (empty, to be rebuilt).
    public func open() throws -> OpenedState {
        for _ in 0..<3 {
            do {
                return try openInUse()
            } catch let error as StateStoreError where error.isDamage {
                // Outside `opening`: setting aside takes the lock exclusive.
                try setAside(error)
            }
        }
        return try openInUse()
    }

    private func openInUse() throws -> OpenedState {
        let opened = try generations.opening {
            // The generation's own path, not the link's: GRDB looks for the WAL beside the
            // path it opens, and finding none there, writes to create one at every open.
            let generation = generations.current()
            let path = generation.map { generations.directory + "/" + $0 } ?? generations.linkPath
            var state = OpenedState(writable: nil, readable: nil, generation: generation)
            do {
                state.writable = try SQLiteStateStore(path: path)
            } catch let error as StateStoreError where !error.isUnwritable {
                throw error
            } catch {
                ProjectionStore.trace("opened read-only: \(error)")
                state.readable = FileManager.default.fileExists(atPath: path) ? try? SQLiteStateStore(path: path, readOnly: true) : nil
            }
            return state
        }
        if opened.writable != nil {
            Self.removeLegacyCheckpoints(in: generations.directory)
            generations.removeLeftovers()
        }
        return opened
    }

    /// The generation the link names (nil: a plain file of an older build, or none).
    public func currentGeneration() -> String? { generations.current() }

    /// Runs `body` with `state.lock` held shared while the link names `generation`.
    public func whileInUse<Result>(_ generation: String?, _ body: () throws -> Result) throws -> Result? {
        try generations.whileInUse(generation, body)
    }

    /// Runs `body` with `state.lock` held shared while the link names `generation`.
    public func whileInUse<Result>(_ generation: String?, _ body: () async throws -> Result) async throws -> Result? {
        try await generations.whileInUse(generation, body)
    }

    /// Writes a new generation and installs it (`StateGenerations/replace(_:finishing:)`).
    public func replace<Result>(_ build: (any MaintainedStateStore) async throws -> Result,
                                finishing: (any MaintainedStateStore) throws -> Void) async throws -> Result {
        // The generations run `finishing` before `replace` returns: it does not escape.
        try await withoutActuallyEscaping(finishing) { finishing in
            try await generations.replace({ try await build($0) }, finishing: { try finishing($0) })
        }
    }

    /// Moves the damaged file `error` names (the generation in use when it names none) into
    /// `projections/damaged/`.
    @discardableResult
    public func setAside(_ error: StateStoreError) throws -> String? {
        let file: String
        if error.path.hasPrefix(generations.directory + "/") {
            file = error.path
        } else {
            file = generations.current().map { generations.directory + "/" + $0 } ?? generations.linkPath
        }
        guard let folder = try generations.setAside(file) else { return nil }
        ProjectionStore.recordSetAside(ProjectionStore.SetAsideState(folder: folder, problem: error.description))
        return folder
    }

    /// An empty SQLite database in memory.
    public func makeTemporaryStore() throws -> any MaintainedStateStore {
        try SQLiteStateStore.inMemory()
    }

    private static func removeLegacyCheckpoints(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasSuffix(".checkpoint") || name.hasSuffix(".digest") || name.contains(".checkpoint.tmp-")
            || name.contains(".digest.tmp-") {
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}

extension SQLiteStateStore: MaintainedStateStore {
    /// ``copyIntoMemory()``, as a backend hands it out.
    public func temporaryCopy() throws -> any MaintainedStateStore { try copyIntoMemory() }
}
