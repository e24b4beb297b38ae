import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The writer's exclusive lock on a log directory: `flock` on `LOG_DIR/LOCK`.
///
/// `flock` locks belong to the open file description, so a second writer fails whether it
/// lives in another process or in this one, and the kernel drops the lock when
/// the holder dies (kill -9 included): there is never a stale lock to clean up. The
/// holder's process id is written into the file only to name it in the error.
final class DirectoryLock: Sendable {
    private let descriptor: Int32
    let path: FilePath

    /// Takes the lock or throws ``LogError/locked(path:holderPID:)``, without waiting for a
    /// writer: only a lock held by no live process (see ``isHeld(_:)``) is tried again.
    init(directory: LogDirectory) throws(LogError) {
        path = directory.lockPath
        let fd = open(path.string, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system("open", path: path.string, Errno(rawValue: errno)) }
        var looks = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            let holder = Self.readPID(fd)
            // A reader's `isHeld` holds a shared lock for an instant and writes no process id,
            // where a writer writes its id as soon as it has the lock: a lock held without the
            // id of a live process (the file may still name a writer killed with SIGKILL) is
            // looked at again for a while before it counts as another writer's.
            if code == EWOULDBLOCK, !Self.isAlive(holder), looks < Self.looksWithoutHolder {
                looks += 1
                usleep(1_000)
                continue
            }
            close(fd)
            if code == EWOULDBLOCK { throw .locked(path: directory.path.string, holderPID: holder) }
            throw .system("flock", path: path.string, Errno(rawValue: code))
        }
        descriptor = fd
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        _ = ftruncate(descriptor, 0)
        close(descriptor)
    }

    /// How many times, a millisecond apart, a lock held with no process id in the file is
    /// looked at again before opening reports it as another writer's.
    static let looksWithoutHolder = 50

    /// Whether some process holds the lock for writing right now.
    ///
    /// It takes a shared lock for an instant: probes never exclude each other, and a writer
    /// opening meanwhile sees a lock held without a process id and tries again.
    static func isHeld(_ directory: LogDirectory) -> Bool {
        let fd = open(directory.lockPath.string, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    /// Whether `pid` names a running process.
    private static func isAlive(_ pid: Int32?) -> Bool {
        guard let pid, pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 32, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
