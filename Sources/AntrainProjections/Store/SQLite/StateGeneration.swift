import AntrainLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A state file being built beside the one in use (`projections/state-<hex>.sqlite`), locked
/// as such until it is installed or abandoned (see ``StateGenerations``).
///
/// ```swift
/// let next = try generations.begin()          // created empty, flock held
/// let store = try SQLiteStateStore(building: next.path)
/// ...                                         // fold into it, then seal it
/// try generations.install(next)               // or generations.abandon(next)
/// ```
///
/// The lock is an exclusive `flock` on the file itself, held through a descriptor of its own:
/// the removal of leftovers skips a generation whose lock it cannot take, so that a rebuild
/// running in another process keeps its file, while one killed midway (whose lock the kernel
/// dropped) has its file removed. SQLite's own locks are POSIX record locks, which do not
/// interact with `flock` on Linux.
package final class StateGeneration: Sendable {
    /// The file's name in the projections directory.
    package let name: String
    /// The file's path.
    package let path: String
    private let descriptor: FileDescriptor

    /// Creates `name` in `directory` (it must not exist) and takes its lock.
    init(directory: String, name: String) throws(StateStoreError) {
        self.name = name
        path = directory + "/" + name
        let opened: FileDescriptor
        do {
            opened = try FileDescriptor.open(FilePath(path), .readWrite, options: [.create, .exclusiveCreate, .closeOnExec],
                                             permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw StateStoreError(path: path, failed: "create", error as? Errno ?? .ioError)
        }
        do {
            try opened.lock(LOCK_EX | LOCK_NB)
        } catch {
            try? opened.close()
            unlink(path)
            throw StateStoreError(path: path, failed: "flock", error)
        }
        descriptor = opened
    }

    deinit { try? descriptor.close() }

    /// Makes everything written to the file durable (SQLite builds it without syncing).
    func sync() throws(StateStoreError) {
        do {
            try descriptor.sync()
        } catch {
            throw StateStoreError(path: path, failed: "fsync", error)
        }
    }

    /// Whether no process holds the build lock of the file at `path` (taken and released at
    /// once), so that it is a leftover; false when the file cannot be opened.
    static func isAbandoned(_ path: String) -> Bool {
        guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec]) else { return false }
        defer { try? file.close() }
        return (try? file.lock(LOCK_EX | LOCK_NB)) != nil
    }
}

extension StateStoreError {
    /// A failed system call on one of the state's files.
    init(path: String, failed operation: String, _ errno: Errno) {
        self.init(path: path, message: "\(operation) failed: \(errno)")
    }
}
