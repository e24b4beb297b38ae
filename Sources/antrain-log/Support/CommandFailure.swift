import AntrainEvents
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// A failure to report: what went wrong, how to fix it, and the exit status.
struct CommandFailure: Error {
    var message: String
    var fix: String?
    var status: ExitCode

    /// The one mapping from engine errors to messages, fixes and exit statuses.
    init(_ error: LogError, logDirectory: String) {
        message = error.description
        let dir = shellQuoted(logDirectory)
        switch error {
        case let .wrongExpectedVersion(stream, _, _):
            status = .rejectedInput
            fix = "read the stream's current version (antrain-log cat --log-dir \(dir) --stream \(shellQuoted(stream))) and append with that expectedVersion, or leave expectedVersion out"
        case .duplicateEventID:
            status = .rejectedInput
            fix = "give each new event its own id; resending a stored event unchanged is a safe no-op"
        case .invalidEvent:
            status = .rejectedInput
            fix = "correct the event and append again"
        case let .locked(_, pid):
            status = .locked
            let holder = pid.map { "process \($0)" } ?? "the other writer"
            fix = "wait for \(holder) to finish (a writing command waits up to ANTRAIN_LOCK_WAIT seconds, 30 by default), or stop it; cat, tail, info and queries take no lock and can run beside it"
        case .damaged:
            status = .damaged
            fix = "run antrain-log verify --log-dir \(dir) to see the damage, then antrain-log repair --log-dir \(dir) to move the damaged tail to quarantine"
        case .noSpace:
            status = .ioFailure
            fix = "free space on that file system and run the command again"
        case .fileTooLarge:
            status = .ioFailure
            fix = "raise the file-size limit (ulimit -f) and run the command again"
        case .notWritable:
            status = .ioFailure
            fix = "check the permissions of \(dir) and that its file system is mounted read-write"
        case .io:
            status = .ioFailure
            fix = "check the disk (dmesg may say more), then run antrain-log verify --log-dir \(dir)"
        case .notALog:
            status = .noInput
            fix = "check --log-dir or ANTRAIN_LOG_DIR; the first antrain-log append creates a new log"
        case .writerFailed, .readOnly:
            // Either way this open of the log takes no more appends (a failed fsync, or it was
            // closed); a read-only open has no append to call, so it is never the cause.
            status = .ioFailure
            fix = "run the command again; if it fails again, check the disk and run antrain-log verify --log-dir \(dir)"
        }
    }

    init(message: String, fix: String? = nil, status: ExitCode) {
        self.message = message
        self.fix = fix
        self.status = status
    }
}
