import AntrainEvents
import AntrainLog
import AntrainPostgres
import AntrainProjections
import ArgumentParser
import Foundation

/// A failure to report: what went wrong, how to fix it, and the exit status.
struct CommandFailure: Error {
    var message: String
    var fix: String?
    var status: ExitCode

    /// The one mapping from engine errors to messages, fixes and exit statuses.
    init(_ error: LogError, place: LogPlace) {
        message = error.description
        let dir = place.options
        switch error {
        case let .wrongExpectedVersion(stream, _, _):
            status = .rejectedInput
            fix = "read the stream's current version (antrain-log cat \(dir) --stream \(shellQuoted(stream))) and append with that expectedVersion, or leave expectedVersion out"
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
            fix = "run antrain-log verify \(dir) to see the damage, then antrain-log repair \(dir) to move the damaged tail to quarantine"
        case .noSpace:
            status = .ioFailure
            fix = "free space on that file system and run the command again"
        case .fileTooLarge:
            status = .ioFailure
            fix = "raise the file-size limit (ulimit -f) and run the command again"
        case .notWritable:
            status = .ioFailure
            fix = "check the permissions of \(place) and that its file system is mounted read-write"
        case .io:
            status = .ioFailure
            fix = "check the disk (dmesg may say more), then run antrain-log verify \(dir)"
        case .notALog:
            status = .noInput
            fix = CommandFailure.noLogFix
        case .writerFailed, .readOnly:
            // Either way this open of the log takes no more appends (a failed fsync, or it was
            // closed); a read-only open has no append to call, so it is never the cause.
            status = .ioFailure
            fix = "run the command again; if it fails again, check the disk and run antrain-log verify \(dir)"
        }
    }

    /// The mapping of a server log's errors: a server that cannot be reached is an I/O
    /// failure (74), a log that is not there is no input (66), a held lock is 73.
    init(_ error: PostgresLogError, place: LogPlace) {
        message = error.description
        switch error {
        case .unreachable:
            status = .ioFailure
            fix = "check the URL given to --store (or ANTRAIN_STORE): the host or socket directory, the port, the user, "
                + "the password ($PGPASSWORD) and the database; and that the server runs"
        case let .noSuchLog(name):
            status = .noInput
            fix = "antrain-log logs --store URL lists the logs of the database; antrain-log seed --store URL --log \(shellQuoted(name)) creates one"
        case .invalidName, .invalidAddress:
            status = ExitCode(64)
            fix = "see antrain-log --help for the form of --store and --log"
        case .server:
            status = .ioFailure
            fix = "the server refused or failed a statement: check its log and the role's rights on the antrain_ tables, then run the command again"
        case .lockTimeout:
            status = .locked
            fix = "another process is appending to this log: run the command again when it has finished; nothing was appended"
        case .closed:
            status = .internalError
            fix = "the command used a log it had closed: report this as a bug of antrain-log"
        }
    }

    /// The fix of a missing log: a diary starts with `seed`, which records the preset library
    /// (in an empty log every exercise and food name is unknown); `import` and `append` start
    /// one from data.
    static let noLogFix = "check --log-dir or ANTRAIN_LOG_DIR; antrain-log seed starts a new log with the preset library "
        + "(import and append start one from other data)"

    init(message: String, fix: String? = nil, status: ExitCode) {
        self.message = message
        self.fix = fix
        self.status = status
    }
}
