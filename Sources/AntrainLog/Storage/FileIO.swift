import Synchronization
import SystemPackage

/// An open file of the log: a descriptor plus its path, with the few operations the log needs.
///
/// Thin over swift-system (every call retried on EINTR, as swift-system does by default):
/// every failure becomes a ``LogError`` that names the path.
final class LogFile: Sendable {
    private let rawDescriptor: Atomic<Int32>
    let path: FilePath

    /// The open descriptor (-1 once closed: system calls on it then fail with EBADF).
    var descriptor: FileDescriptor { FileDescriptor(rawValue: rawDescriptor.load(ordering: .acquiring)) }

    /// Opens `path`; creates it (0644) when `create` is set.
    init(path: FilePath, writable: Bool, create: Bool = false) throws(LogError) {
        self.path = path
        var options: FileDescriptor.OpenOptions = [.closeOnExec]
        if create { options.insert(.create) }
        let opened = try Self.attempt("open", path) {
            try FileDescriptor.open(path, writable ? .readWrite : .readOnly, options: options,
                                    permissions: create ? [.ownerReadWrite, .groupRead, .otherRead] : nil)
        }
        rawDescriptor = Atomic(opened.rawValue)
    }

    /// Closes the file now rather than when the last reference goes.
    func close() {
        let old = rawDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        // Not retried on EINTR (swift-system does not either): Linux frees the descriptor
        // whatever close returns, and a retry could close one another thread just opened.
        if old >= 0 { try? FileDescriptor(rawValue: old).close() }
    }

    deinit { close() }

    /// The file's size in bytes.
    func size() throws(LogError) -> UInt64 {
        UInt64(try Self.attempt("fstat", path) { try descriptor.stat().size })
    }

    /// Reads up to `count` bytes at `position`; fewer only at the end of the file.
    func read(at position: UInt64, count: Int) throws(LogError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try read(at: position, into: &bytes)
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }

    /// Fills `buffer` from `position`; returns the bytes read (fewer only at the end of the file).
    func read(at position: UInt64, into buffer: inout [UInt8]) throws(LogError) -> Int {
        var total = 0
        let count = buffer.count
        while total < count {
            let got = try Self.attempt("read", path) {
                try buffer.withUnsafeMutableBytes { raw in
                    try descriptor.read(fromAbsoluteOffset: Int64(position) + Int64(total),
                                        into: UnsafeMutableRawBufferPointer(rebasing: raw[total...]))
                }
            }
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// Writes all of `bytes` at `position`.
    func write(_ bytes: UnsafeRawBufferPointer, at position: UInt64) throws(LogError) {
        _ = try Self.attempt("write", path) { try descriptor.writeAll(toAbsoluteOffset: Int64(position), bytes) }
    }

    /// Cuts the file to `size` bytes.
    func truncate(to size: UInt64) throws(LogError) {
        try Self.attempt("ftruncate", path) { try descriptor.resize(to: Int64(size)) }
    }

    /// Makes written data (and the size it implies) durable.
    func syncData() throws(LogError) {
        try Self.attempt("fdatasync", path) { try descriptor.sync(dataOnly: true) }
    }

    /// Makes a directory's entries durable (after creating or renaming files in it): the one
    /// directory fsync, ``AtomicFile``'s, which retries an interrupted call.
    static func syncDirectory(_ path: FilePath) throws(LogError) {
        do {
            try AtomicFile.syncDirectory(path)
        } catch {
            throw .system(error)
        }
    }

    /// Runs a swift-system call on `path`, turning its failure into the ``LogError`` that
    /// names `operation` and the path.
    private static func attempt<T>(_ operation: String, _ path: FilePath, _ call: () throws -> T) throws(LogError) -> T {
        do {
            return try call()
        } catch {
            throw .system(operation, path: path.string, error as? Errno ?? .ioError)
        }
    }
}
