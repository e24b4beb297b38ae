#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A whole file put in place in one step: the name holds either the old file or all of the
/// new one, never a part, even after a crash or a failed write.
///
/// The bytes go to a temporary file in the target's directory (the target's name plus
/// `temporarySuffix`), which is fsynced and renamed over the target; then the directory is
/// fsynced, so that the rename itself survives a crash. A failure removes the temporary
/// file and leaves the target as it was; every failure is a ``Failure`` that names the
/// operation, the path and the errno.
///
/// All at once:
///
/// ```swift
/// try AtomicFile.write(Array(json.utf8), to: FilePath("/srv/log/damage.json"))
/// ```
///
/// Or a piece at a time, for output too large to hold whole:
///
/// ```swift
/// let file = try AtomicFile(replacing: FilePath("export.jsonl"))
/// for chunk in chunks { try file.write(chunk) }
/// try file.commit()  // or file.abandon(): the target stays as it was
/// ```
///
/// An `AtomicFile` dropped before ``commit()`` removes its temporary file.
package final class AtomicFile {
    /// A failed system call: which one, on which path, and the error it returned.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The system call, or the step of the write ("open", "write", "fsync", "rename").
        package var operation: String
        /// The file it was called on.
        package var path: FilePath
        /// What it returned.
        package var errno: Errno

        package var description: String { "\(operation) failed for \(path): \(errno)" }
    }

    /// The file the write replaces (or creates).
    package let target: FilePath
    /// Where the bytes go until ``commit()``.
    package let temporary: FilePath
    /// Open until committed or abandoned.
    private var descriptor: FileDescriptor?
    /// Whether the temporary file is gone: renamed into place or removed.
    private var finished = false
    /// The first failure: every later call throws it again.
    private var failure: Failure?

    /// Creates (or empties) the temporary file beside `target`, readable by all and
    /// writable by the owner (less the umask), as `open(2)` creates files.
    package init(replacing target: FilePath, temporarySuffix: String = ".tmp") throws(Failure) {
        self.target = target
        temporary = FilePath(target.string + temporarySuffix)
        do {
            descriptor = try FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate, .closeOnExec],
                                                 permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw Failure(operation: "open", path: temporary, errno: error as? Errno ?? .ioError)
        }
    }

    deinit { abandon() }

    /// Writes the whole file from `target`, replacing what was there.
    package static func write(_ bytes: [UInt8], to target: FilePath, temporarySuffix: String = ".tmp") throws(Failure) {
        let file = try AtomicFile(replacing: target, temporarySuffix: temporarySuffix)
        try file.write(bytes)
        try file.commit()
    }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(Failure) in try write(raw) }
    }

    /// Appends `bytes` to the temporary file.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        let descriptor = try openDescriptor("write")
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            try fail("write", temporary, error as? Errno ?? .ioError)
        }
    }

    /// Makes the temporary file durable, renames it over the target, and makes the rename
    /// durable. After a failure before the rename, the target is as it was.
    package func commit() throws(Failure) {
        let descriptor = try openDescriptor("commit")
        do { try descriptor.sync() } catch { try fail("fsync", temporary, error) }
        self.descriptor = nil
        do { try descriptor.close() } catch { try fail("close", temporary, error as? Errno ?? .ioError) }
        if rename(temporary.string, target.string) != 0 { try fail("rename", target, Errno(rawValue: errno)) }
        finished = true
        var directory = target.removingLastComponent()
        if directory.isEmpty { directory = "." }
        try Self.syncDirectory(directory)
    }

    /// Closes and removes the temporary file, leaving the target as it was. Does nothing
    /// once committed or abandoned.
    package func abandon() {
        guard !finished else { return }
        finished = true
        try? descriptor?.close()
        descriptor = nil
        unlink(temporary.string)
    }

    /// Makes the entries of `directory` durable (a rename or a creation in it).
    package static func syncDirectory(_ directory: FilePath) throws(Failure) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(directory, .readOnly, options: [.closeOnExec])
        } catch {
            throw Failure(operation: "open", path: directory, errno: error as? Errno ?? .ioError)
        }
        defer { try? descriptor.close() }
        do {
            try descriptor.sync()
        } catch {
            throw Failure(operation: "fsync", path: directory, errno: error)
        }
    }

    /// The open descriptor, or the failure that closed it (a call after commit or abandon is
    /// a misuse, reported as EBADF).
    private func openDescriptor(_ operation: String) throws(Failure) -> FileDescriptor {
        if let failure { throw failure }
        guard let descriptor else { throw Failure(operation: operation, path: temporary, errno: .badFileDescriptor) }
        return descriptor
    }

    /// Removes the temporary file, remembers the failure and throws it.
    private func fail(_ operation: String, _ path: FilePath, _ errno: Errno) throws(Failure) -> Never {
        let failure = Failure(operation: operation, path: path, errno: errno)
        self.failure = failure
        abandon()
        throw failure
    }
}
