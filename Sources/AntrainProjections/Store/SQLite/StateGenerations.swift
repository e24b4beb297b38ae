import AntrainLog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The files of a log's projection state: `projections/state.sqlite`, a symbolic link to the
/// generation in use (`state-<hex>.sqlite`, with its own `-wal` and `-shm`), and
/// `state.lock`, which orders opening the state against replacing it.
///
/// ```swift
/// let files = StateGenerations(directory: logDirectory + "/projections")
/// let store = try files.opening { try SQLiteStateStore(path: files.linkPath) }
/// let summary = try await files.replace { building in
///     try await fold(into: building)        // the whole state, into a new generation
/// }                                         // the link names it; older generations are removed
/// ```
///
/// Why generations: a rebuild of every model writes the whole state. Written into the file in
/// use, each page went through SQLite's write-ahead log and was copied again by the checkpoint,
/// and the WAL's 4,120-byte frames made the kernel zero page-cache pages they only partly
/// cover. A new file, written without a journal (nothing in it is worth keeping until it is
/// whole) and put in place by renaming the link over the old one, is written once. Processes
/// with the old generation open keep reading it (their open files) until they close it.
///
/// Why a link, not a new file renamed over `state.sqlite`: SQLite names a database's `-wal`
/// and `-shm` after the path it opened. A process still holding the old file would go on
/// using `state.sqlite-wal`, and a process opening the new file under the same name would
/// apply those frames, another database's pages, to it. SQLite resolves the link when it opens
/// a database and names the WAL after the target, so each generation has WAL files of its own.
///
/// The lock: opening holds `state.lock` shared, from resolving the link until SQLite has the
/// file and its WAL open; so does every write of the generation in use (``whileInUse(_:_:)``),
/// from checking that the link still names it until its transaction ends. Installing holds
/// it exclusive, from the last catch-up of the new generation through the rename until the
/// older generations are removed. So no process resolves the link to a generation and then
/// opens it after its removal (SQLite would create it anew, empty), and no process writes a
/// generation after another has been caught up past it and installed: a stored position
/// never moves backward, across generations either. A state kept as a plain file
/// `state.sqlite` (written by builds before this one) is used as it is until the first
/// rebuild of every model replaces it with the link.
package struct StateGenerations: Sendable {
    /// The projections directory.
    package let directory: String

    /// The files of the state in `directory`.
    package init(directory: String) {
        self.directory = directory
    }

    /// The path every process opens: the link (or the plain file of an older build).
    package var linkPath: String { directory + "/state.sqlite" }

    private var lockPath: String { directory + "/state.lock" }

    /// The generation the link names, nil when `state.sqlite` is a plain file or missing: a
    /// store opened on one generation reopens when this changes.
    package func current() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: linkPath)
    }

    /// Runs `open` with the lock held shared, so that the generation it resolves is not
    /// removed before it is open. Without the lock file (read-only storage), just runs it:
    /// nothing is installed there.
    package func opening<Result>(_ open: () throws -> Result) throws -> Result {
        guard let lock = (try? lockFile()) ?? (try? FileDescriptor.open(FilePath(lockPath), .readOnly, options: [.closeOnExec])) else {
            return try open()
        }
        defer { try? lock.close() }
        try? lock.lock(LOCK_SH)
        return try open()
    }

    /// Runs `body`, which writes the generation `generation` (nil: the plain file, or none),
    /// with the lock held shared, provided the link still names that generation; returns nil
    /// without running it when another generation was installed since (the caller reopens).
    /// Without the lock file (read-only storage) it just runs `body`.
    package func whileInUse<Result>(_ generation: String?, _ body: () throws -> Result) throws -> Result? {
        let lock = try? lockFile()
        defer { try? lock?.close() }
        try? lock?.lock(LOCK_SH)
        guard current() == generation else { return nil }
        return try body()
    }

    /// ``whileInUse(_:_:)`` for work that waits (a rebuild of some models in the file in use).
    package func whileInUse<Result>(_ generation: String?, _ body: () async throws -> Result) async throws -> Result? {
        let lock = try? lockFile()
        defer { try? lock?.close() }
        try? lock?.lock(LOCK_SH)
        guard current() == generation else { return nil }
        return try await body()
    }

    /// Writes a new generation with `write` and makes it the state: the way of a rebuild that
    /// replaces the whole state. Until the install nothing reads the new file: processes
    /// answer from the generation in use, and may catch it up meanwhile. `finishing` then
    /// runs on the new generation under the exclusive lock, when no process writes the old
    /// one: a catch-up there carries the new generation to the log's end, past every position
    /// the old one holds. A failure before the install leaves the state as it was and removes
    /// the new file; a crash leaves it to the next command to remove.
    package func replace<Result>(_ write: (SQLiteStateStore) async throws -> Result,
                                 finishing: ((SQLiteStateStore) throws -> Void)? = nil) async throws -> Result {
        let generation = try begin()
        do {
            let store = try SQLiteStateStore(building: generation.path)
            let result = try await write(store)
            try store.seal()
            try install(generation, finishing: finishing)
            return result
        } catch {
            abandon(generation)
            throw error
        }
    }

    /// Creates a new, empty generation, locked as being built.
    package func begin() throws -> StateGeneration {
        try opening {
            var random = SystemRandomNumberGenerator()
            let name = "state-" + String(random.next() as UInt64, radix: 16) + ".sqlite"
            return try StateGeneration(directory: directory, name: name)
        }
    }

    /// Makes `generation` (built, sealed and closed) the state: syncs it, runs `finishing` on
    /// it under the exclusive lock (its store is closed after, which checkpoints and syncs what
    /// it wrote), points the link at it (a new link renamed over the old one, then the
    /// directory synced), and removes the generations no process is building. A crash leaves
    /// the link naming the old generation or the new one, each whole; what it leaves behind is
    /// removed next time.
    package func install(_ generation: StateGeneration, finishing: ((SQLiteStateStore) throws -> Void)? = nil) throws {
        try generation.sync()
        try exclusively {
            if let finishing {
                let store = try SQLiteStateStore(path: generation.path)
                try finishing(store)
                try store.close()
            }
            try link(generation)
        }
    }

    /// Points the link at `generation` and removes the leftovers; under the exclusive lock.
    private func link(_ generation: StateGeneration) throws {
        let temporary = linkPath + ".link-" + String(UInt32.random(in: .min ... .max), radix: 16)
        guard symlink(generation.name, temporary) == 0 else {
            throw StateStoreError(path: temporary, failed: "symlink", Errno(rawValue: errno))
        }
        guard rename(temporary, linkPath) == 0 else {
            let code = Errno(rawValue: errno)
            unlink(temporary)
            throw StateStoreError(path: linkPath, failed: "rename", code)
        }
        do {
            try AtomicFile.syncDirectory(FilePath(directory))
        } catch {
            throw StateStoreError(path: directory, failed: "fsync", error.errno)
        }
        removeLeftovers(keeping: generation.name)
    }

    /// Removes what a killed rebuild left (a generation no process is building, a link not
    /// renamed into place), when the directory holds any: a look at the directory, and the
    /// exclusive lock only then, so that a `kill -9` mid-rebuild does not leave a whole
    /// state's worth of disk taken until the next rebuild.
    package func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let current = current()
        guard names.contains(where: { ($0.hasPrefix("state-") && $0.hasSuffix(".sqlite") && $0 != current)
                                      || $0.hasPrefix("state.sqlite.link-") }) else { return }
        try? exclusively {
            // Read again under the lock: an install may have moved the link since.
            guard let current = self.current() else { return }
            removeLeftovers(keeping: current)
        }
    }

    /// `state.lock`, opened (created when missing) for locking.
    private func lockFile() throws(StateStoreError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(FilePath(lockPath), .readWrite, options: [.create, .closeOnExec],
                                           permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw StateStoreError(path: lockPath, failed: "open", error as? Errno ?? .ioError)
        }
    }

    /// Runs `body` with `state.lock` held exclusive.
    func exclusively(_ body: () throws -> Void) throws {
        let lock = try lockFile()
        defer { try? lock.close() }
        do {
            try lock.lock(LOCK_EX)
        } catch {
            throw StateStoreError(path: lockPath, failed: "flock", error)
        }
        try body()
    }

    /// Removes a generation that will not be installed (its build failed).
    package func abandon(_ generation: StateGeneration) {
        for suffix in Self.companionSuffixes { unlink(generation.path + suffix) }
    }

    /// The files SQLite keeps beside a database, besides the database itself.
    private static let companionSuffixes = ["", "-wal", "-shm", "-journal"]

    /// Removes every generation but `current` that no process is building, with its companion
    /// files; the companions of the plain `state.sqlite` of older builds (the link replaced
    /// it); and links left by an install that crashed before its rename. Processes that still
    /// have a removed generation open keep reading it; its space is freed when they close it.
    private func removeLeftovers(keeping current: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let path = directory + "/" + name
            if name.hasPrefix("state-"), name.hasSuffix(".sqlite"), name != current {
                if StateGeneration.isAbandoned(path) { for suffix in Self.companionSuffixes { unlink(path + suffix) } }
            } else if name.hasPrefix("state.sqlite.link-") || name == "state.sqlite-wal" || name == "state.sqlite-shm"
                        || name == "state.sqlite-journal" {
                unlink(path)
            }
        }
        // Companions whose database is gone (a process that had it open and was killed).
        for name in names where name.hasPrefix("state-") && !name.hasPrefix(current) {
            for suffix in ["-wal", "-shm", "-journal"] where name.hasSuffix(".sqlite" + suffix) {
                let database = directory + "/" + String(name.dropLast(suffix.count))
                if !FileManager.default.fileExists(atPath: database) { unlink(directory + "/" + name) }
            }
        }
    }
}
