import AntrainEvents
import Foundation
import Glibc

/// Projection checkpoints in one directory, a file per projection, each replaced atomically.
///
/// ```swift
/// let store = CheckpointStore(logDirectory: "/var/lib/antrain/log")  // <log>/projections
/// try store.save(try await history.checkpoint())
/// let saved = try store.load("workout-history")
/// ```
///
/// A save writes a temporary file, fsyncs it, renames it over the old one and fsyncs the
/// directory, so a crash leaves either the old checkpoint or the new one, never a mix.
public struct CheckpointStore: Sendable {
    /// The directory holding `<name>.checkpoint` files.
    public let directory: String

    /// A store in `directory` (created on the first save).
    public init(directory: String) {
        self.directory = directory
    }

    /// The store inside a log directory: `<log>/projections`.
    public init(logDirectory: String) {
        self.init(directory: (logDirectory as NSString).appendingPathComponent("projections"))
    }

    /// The path of a projection's checkpoint.
    public func path(for name: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).checkpoint")
    }

    /// The stored checkpoint of `name`, or nil when there is none.
    ///
    /// - Throws: ``CheckpointError`` when the file exists but cannot be read or is damaged.
    public func load(_ name: String) throws(CheckpointError) -> Checkpoint? {
        try read(path(for: name), expecting: name)
    }

    /// Writes a checkpoint durably, replacing the previous one atomically.
    public func save(_ checkpoint: Checkpoint) throws(CheckpointError) {
        try writeAtomically(checkpoint, to: path(for: checkpoint.name))
    }

    /// The path of a projection's digest: `<name>.digest`, in the checkpoint's format.
    public func digestPath(for name: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).digest")
    }

    /// The stored digest of projection `name`, or nil when there is none.
    public func loadDigest(_ name: String) throws(CheckpointError) -> Checkpoint? {
        try read(digestPath(for: name), expecting: name)
    }

    /// Writes a digest durably, replacing the previous one atomically.
    public func saveDigest(_ digest: Checkpoint) throws(CheckpointError) {
        try writeAtomically(digest, to: digestPath(for: digest.name))
    }

    private func read(_ path: String, expecting name: String) throws(CheckpointError) -> Checkpoint? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CheckpointError(file: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        let checkpoint = try Checkpoint.decode([UInt8](data), file: path)
        guard checkpoint.name == name else {
            throw CheckpointError(file: path, reason: "it holds projection \"\(checkpoint.name)\", not \"\(name)\"")
        }
        return checkpoint
    }

    /// Writes a temporary file, fsyncs it, renames it over `target` and fsyncs the directory.
    private func writeAtomically(_ checkpoint: Checkpoint, to target: String) throws(CheckpointError) {
        func fail(_ call: String) -> CheckpointError {
            CheckpointError(file: target, reason: "\(call) failed: \(String(cString: strerror(errno)))")
        }
        if mkdir(directory, 0o755) != 0, errno != EEXIST { throw fail("mkdir \(directory)") }
        let temporary = target + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("open \(temporary)") }
        let bytes = checkpoint.encoded()
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else {
                let error = fail("write")
                close(fd)
                unlink(temporary)
                throw error
            }
            written += result
        }
        guard fsync(fd) == 0 else {
            let error = fail("fsync")
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, target) == 0 else {
            let error = fail("rename")
            unlink(temporary)
            throw error
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes a projection's checkpoint and digest, if any.
    public func remove(_ name: String) {
        unlink(path(for: name))
        unlink(digestPath(for: name))
    }
}
