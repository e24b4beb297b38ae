import Foundation
import SystemPackage

/// Everything that can go wrong with a log, each case with the context needed to act on it.
public enum LogError: Error, Sendable, Equatable {
    /// The stream's version was not what the append expected; `actual` is nil when the stream has no events.
    case wrongExpectedVersion(stream: String, expected: ExpectedVersion, actual: UInt64?)
    /// An event id is already in the log with different content (or repeated within one append).
    case duplicateEventID(UUID, existingOffset: UInt64?)
    /// An event cannot be stored as given: which event of the append, which field, why.
    case invalidEvent(index: Int, field: String, reason: String)
    /// Another process (or another open log in this one) holds the writer lock.
    case locked(path: String, holderPID: Int32?)
    /// The log holds damaged data; appends are refused until `repair`.
    case damaged(Damage)
    /// The device is full (ENOSPC); nothing of the failed append is visible.
    case noSpace(path: String)
    /// A file-size limit was hit (EFBIG, or RLIMIT_FSIZE); nothing of the failed append is visible.
    case fileTooLarge(path: String)
    /// The path cannot be written: read-only file system or missing permission.
    case notWritable(path: String, errno: Errno)
    /// Any other system call failure.
    case io(operation: String, path: String, errno: Errno)
    /// The directory is not a log, or holds files this build cannot read.
    case notALog(path: String, reason: String)
    /// The writer stopped accepting appends after a failed fsync; reopen the log.
    case writerFailed(reason: String)
    /// The log has been closed: it takes no more appends. (A log opened read-only has no
    /// writing methods to call, so it never throws this.)
    case readOnly(path: String)
}

extension LogError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .wrongExpectedVersion(stream, expected, actual):
            let actualText = actual.map { "is at version \($0)" } ?? "does not exist"
            return "stream '\(stream)' \(actualText), but the append expected \(expected)"
        case let .duplicateEventID(id, offset):
            if let offset { return "event id \(id) is already stored at offset \(offset) with different content" }
            return "event id \(id) appears twice in one append"
        case let .invalidEvent(index, field, reason):
            return "event \(index) of the append: \(field) \(reason)"
        case let .locked(path, pid):
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "the log at \(path) is locked for writing by \(holder); only one writer may open a log at a time"
        case let .damaged(damage):
            return "the log is damaged (\(damage)); appends are refused until `repair` moves the damaged tail to quarantine"
        case let .noSpace(path):
            return "no space left on the device holding \(path); free space and append again (nothing partial was kept)"
        case let .fileTooLarge(path):
            return "\(path) reached the file-size limit; raise the limit or lower the segment size (nothing partial was kept)"
        case let .notWritable(path, errno):
            return "cannot write \(path): \(errno)"
        case let .io(operation, path, errno):
            return "\(operation) failed for \(path): \(errno)"
        case let .notALog(path, reason):
            return "\(path) is not an Antrain log: \(reason)"
        case let .writerFailed(reason):
            return "the writer stopped after a failed write or fsync (\(reason)); close and reopen the log"
        case let .readOnly(path):
            return "the log at \(path) is closed to writing"
        }
    }

    /// Maps a failed atomic file write to the most specific case.
    static func system(_ failure: AtomicFile.Failure) -> LogError {
        system(failure.operation, path: failure.path.string, failure.errno)
    }

    /// Maps a failed system call to the most specific case.
    static func system(_ operation: String, path: String, _ errno: Errno) -> LogError {
        switch errno {
        case .noSpace: return .noSpace(path: path)
        case .fileTooLarge: return .fileTooLarge(path: path)
        case .readOnlyFileSystem, .permissionDenied, .notPermitted: return .notWritable(path: path, errno: errno)
        default: return .io(operation: operation, path: path, errno: errno)
        }
    }
}

/// Where a log is damaged and why: enough to find the bytes with a hex editor.
public struct Damage: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The segment file's name.
    public var segment: String
    /// Byte position of the damaged block in that file.
    public var position: UInt64
    /// The first offset the damaged block should hold.
    public var firstOffset: UInt64
    /// The offset after the damaged block, when its header could be read.
    public var endOffset: UInt64?
    /// What failed.
    public var reason: String

    /// Describes damage at a block.
    public init(segment: String, position: UInt64, firstOffset: UInt64, endOffset: UInt64?, reason: String) {
        self.segment = segment
        self.position = position
        self.firstOffset = firstOffset
        self.endOffset = endOffset
        self.reason = reason
    }

    public var description: String {
        let offsets = endOffset.map { "offsets \(firstOffset)..<\($0)" } ?? "from offset \(firstOffset)"
        return "\(segment) at byte \(position), \(offsets): \(reason)"
    }
}
