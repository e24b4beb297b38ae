// Linux only (glibc): fdatasync, which Darwin does not declare. See README, "Requirements".
import Glibc
import Synchronization
import SystemPackage

/// An open file of the log: a descriptor plus its path, with the few operations the log needs.
///
/// Thin over swift-system: every failure becomes a ``LogError`` that names the path.
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
        do {
            let opened = try FileDescriptor.open(path, writable ? .readWrite : .readOnly, options: options,
                                                 permissions: create ? [.ownerReadWrite, .groupRead, .otherRead] : nil)
            rawDescriptor = Atomic(opened.rawValue)
        } catch {
            throw LogError.system("open", path: path.string, error as? Errno ?? .ioError)
        }
    }

    /// Closes the file now rather than when the last reference goes.
    func close() {
        let old = rawDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if old >= 0 { Glibc.close(old) }
    }

    deinit { close() }

    /// The file's size in bytes.
    func size() throws(LogError) -> UInt64 {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { throw .system("fstat", path: path.string, Errno(rawValue: errno)) }
        return UInt64(info.st_size)
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
            let got: Int
            do {
                got = try buffer.withUnsafeMutableBytes { raw in
                    try descriptor.read(fromAbsoluteOffset: Int64(position) + Int64(total),
                                        into: UnsafeMutableRawBufferPointer(rebasing: raw[total...]))
                }
            } catch {
                throw LogError.system("read", path: path.string, error as? Errno ?? .ioError)
            }
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// Writes all of `bytes` at `position`.
    func write(_ bytes: UnsafeRawBufferPointer, at position: UInt64) throws(LogError) {
        do {
            _ = try descriptor.writeAll(toAbsoluteOffset: Int64(position), bytes)
        } catch {
            throw LogError.system("write", path: path.string, error as? Errno ?? .ioError)
        }
    }

    /// Cuts the file to `size` bytes.
    func truncate(to size: UInt64) throws(LogError) {
        guard ftruncate(descriptor.rawValue, off_t(size)) == 0 else {
            throw .system("ftruncate", path: path.string, Errno(rawValue: errno))
        }
    }

    /// Makes written data (and the size it implies) durable.
    func syncData() throws(LogError) {
        guard fdatasync(descriptor.rawValue) == 0 else { throw .system("fdatasync", path: path.string, Errno(rawValue: errno)) }
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
}
