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
    private let descriptor: FileDescriptor
    let path: FilePath

    /// Takes the lock or throws ``LogError/locked(path:holderPID:)``, without waiting for a
    /// writer: only a lock held by no live process (see ``isHeld(_:)``) is tried again.
    init(directory: LogDirectory) throws(LogError) {
        path = directory.lockPath
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, .readWrite, options: [.create, .closeOnExec],
                                           permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .system("open", path: path.string, error as? Errno ?? .ioError)
        }
        let lookUntil = ContinuousClock.now + Self.lookingWithoutHolder
        while true {
            let code: Errno
            do {
                try file.lock(LOCK_EX | LOCK_NB)
                break
            } catch {
                code = error
            }
            let holder = Self.readPID(file)
            // A reader's `isHeld` holds a shared lock for an instant and writes no process id,
            // where a writer writes its id as soon as it has the lock: a lock held without the
            // id of a live process (the file may still name a writer killed with SIGKILL) is
            // looked at again for a while before it counts as another writer's.
            if code == .wouldBlock, !Self.isAlive(holder), ContinuousClock.now < lookUntil {
                usleep(1_000)
                continue
            }
            try? file.close()
            if code == .wouldBlock { throw .locked(path: directory.path.string, holderPID: holder) }
            throw .system("flock", path: path.string, code)
        }
        descriptor = file
        // The process id only names the holder in another writer's error: a failure to
        // write it costs nothing but that name.
        _ = try? file.resize(to: 0)
        _ = try? file.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
    }

    deinit {
        _ = try? descriptor.resize(to: 0)
        try? descriptor.close()
    }

    /// How long a lock held with no process id in the file is looked at again, a millisecond
    /// apart, before opening reports it as another writer's. A time, not a count of looks: a
    /// reader's probe holds the lock for an instant of its own, but on a loaded machine its
    /// thread can be descheduled inside that instant for tens of milliseconds, and 50 looks
    /// once ran out while nobody was writing (a test's 500 opens beside a probing thread).
    static let lookingWithoutHolder: Duration = .seconds(2)

    /// Whether some process holds the lock for writing right now.
    ///
    /// It takes a shared lock for an instant: probes never exclude each other, and a writer
    /// opening meanwhile sees a lock held without a process id and tries again.
    static func isHeld(_ directory: LogDirectory) -> Bool {
        guard let file = try? FileDescriptor.open(directory.lockPath, .readOnly, options: [.closeOnExec]) else { return false }
        defer { try? file.close() }
        if (try? file.lock(LOCK_SH | LOCK_NB)) != nil {
            try? file.lock(LOCK_UN)
            return false
        }
        return true
    }

    /// Whether `pid` names a running process.
    private static func isAlive(_ pid: Int32?) -> Bool {
        guard let pid, pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    private static func readPID(_ file: FileDescriptor) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        guard let count = try? buffer.withUnsafeMutableBytes({ try file.read(fromAbsoluteOffset: 0, into: $0) }), count > 0 else {
            return nil
        }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
