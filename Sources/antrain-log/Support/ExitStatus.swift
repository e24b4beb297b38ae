import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// The exit statuses of `antrain-log`, documented in docs/CLI.md.
///
/// The 6x/7x codes follow BSD `sysexits.h`, so scripts and supervisors already know them;
/// the small ones are outcomes particular to a log.
enum ExitStatus {
    /// Done; for `verify`, the log is sound.
    static let success: Int32 = 0
    /// The log holds damaged data (found by `verify`, or met while reading or appending).
    static let damaged: Int32 = 2
    /// `verify --expect-head`: the log is sound but does not contain the expected block.
    static let headMismatch: Int32 = 3
    /// Bad command line (ArgumentParser's own validation uses the same code).
    static let usage: Int32 = 64
    /// Input rejected: malformed JSON Lines, a wrong expected version, a reused event id.
    static let rejectedInput: Int32 = 65
    /// No log (or no input file) where one was named.
    static let noInput: Int32 = 66
    /// A bug in antrain-log or the engine.
    static let internalError: Int32 = 70
    /// Another process holds the writer lock.
    static let locked: Int32 = 73
    /// A system call failed: disk full, file too large, not writable, other I/O errors.
    static let ioFailure: Int32 = 74
}

/// A failure to report: what went wrong, how to fix it, and the exit status.
struct CommandFailure: Error {
    var message: String
    var fix: String?
    var status: Int32

    /// The one mapping from engine errors to messages, fixes and exit statuses.
    init(_ error: LogError, logDirectory: String) {
        message = error.description
        let dir = shellQuoted(logDirectory)
        switch error {
        case let .wrongExpectedVersion(stream, _, _):
            status = ExitStatus.rejectedInput
            fix = "read the stream's current version (antrain-log cat --log-dir \(dir) --stream \(shellQuoted(stream))) and append with that expectedVersion, or leave expectedVersion out"
        case .duplicateEventID:
            status = ExitStatus.rejectedInput
            fix = "give each new event its own id; resending a stored event unchanged is a safe no-op"
        case .invalidEvent:
            status = ExitStatus.rejectedInput
            fix = "correct the event and append again"
        case let .locked(_, pid):
            status = ExitStatus.locked
            let holder = pid.map { "process \($0)" } ?? "the other writer"
            fix = "wait for \(holder) to finish, or stop it; cat, tail and info take no lock and can run beside it"
        case .damaged:
            status = ExitStatus.damaged
            fix = "run antrain-log verify --log-dir \(dir) to see the damage, then antrain-log repair --log-dir \(dir) to move the damaged tail to quarantine"
        case .noSpace:
            status = ExitStatus.ioFailure
            fix = "free space on that file system and run the command again"
        case .fileTooLarge:
            status = ExitStatus.ioFailure
            fix = "raise the file-size limit (ulimit -f) and run the command again"
        case .notWritable:
            status = ExitStatus.ioFailure
            fix = "check the permissions of \(dir) and that its file system is mounted read-write"
        case .io:
            status = ExitStatus.ioFailure
            fix = "check the disk (dmesg may say more), then run antrain-log verify --log-dir \(dir)"
        case .notALog:
            status = ExitStatus.noInput
            fix = "check --log-dir or ANTRAIN_LOG_DIR; the first antrain-log append creates a new log"
        case .writerFailed:
            status = ExitStatus.ioFailure
            fix = "run the command again; if it fails again, check the disk and run antrain-log verify --log-dir \(dir)"
        case .readOnly:
            status = ExitStatus.internalError
            fix = "this is a bug in antrain-log: please report it with the command line"
        }
    }

    init(message: String, fix: String? = nil, status: Int32) {
        self.message = message
        self.fix = fix
        self.status = status
    }
}

/// Runs a command's body and turns every failure into a message on stderr and an exit status.
enum CommandRunner {
    /// Runs `body` on the log directory that `global`'s `--log-dir` or the environment names.
    static func run(_ global: GlobalOptions, _ body: (_ logDirectory: String) async throws -> Void) async throws {
        try await run(global.location, body)
    }

    /// Runs `body` on the log directory that `location` names (for `import` and `export`).
    static func run(_ location: LogLocation, _ body: (_ logDirectory: String) async throws -> Void) async throws {
        let directory = try location.resolvedLogDirectory()
        do {
            try await body(directory)
        } catch let failure as CommandFailure {
            throw report(failure)
        } catch let error as LogError {
            throw report(CommandFailure(error, logDirectory: directory))
        } catch let error as StateStoreError {
            throw report(CommandFailure(message: "the projections' state could not be used: \(error)",
                                        fix: "the state is derived from the log: move \(shellQuoted(directory))/projections/state.sqlite "
                                            + "aside and run the command again to rebuild it",
                                        status: ExitStatus.ioFailure))
        } catch let exit as ExitCode {
            throw exit
        } catch let error as ValidationError {
            // ArgumentParser prints these with the usage line and exits with 64.
            throw error
        } catch {
            throw report(CommandFailure(message: "unexpected error: \(error)", fix: "this is a bug in antrain-log: please report it",
                                        status: ExitStatus.internalError))
        }
    }

    private static func report(_ failure: CommandFailure) -> ExitCode {
        Output.error("error: \(failure.message)")
        if let fix = failure.fix { Output.error("fix: \(fix)") }
        return ExitCode(failure.status)
    }
}

/// `text` quoted for a POSIX shell when it needs quoting, so fixes can be pasted as they are.
func shellQuoted(_ text: String) -> String {
    let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@,=".contains($0)) }
    return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
