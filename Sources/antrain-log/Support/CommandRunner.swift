import AntrainEvents
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// Runs a command's body and turns every failure into a message on stderr and an exit status.
enum CommandRunner {
    /// Runs `body` on the log directory that `global`'s `--log-dir` or the environment names.
    static func run(_ global: GlobalOptions, _ body: (_ logDirectory: String) async throws -> Void) async throws {
        try await run(global.location, body)
    }

    /// Runs `body` on the log directory that `location` names (for `import` and `export`).
    ///
    /// A damaged projections' state met by an answer's reads (a page whose checksum fails) is
    /// set aside and `body` runs once more, on a state rebuilt from the log: the state is
    /// derived, so the answer is the same as it would have been, and right. Every state set
    /// aside is reported on standard error. (A recording command that had appended when it met
    /// the damage does not run again: ``RecordingSession`` reports that instead.)
    static func run(_ location: LogLocation, _ body: (_ logDirectory: String) async throws -> Void) async throws {
        let directory = try location.resolvedLogDirectory()
        defer {
            reportSetAside()
            if ProcessInfo.processInfo.environment["ANTRAIN_TRACE"] != nil {
                let (checked, failed) = PageChecksums.counts
                Output.error("state: \(checked) page reads checked against their checksums, \(failed) failed")
            }
        }
        do {
            do {
                try await body(directory)
            } catch let error as StateStoreError where error.isDamage {
                try ProjectionStore.setAside(damaged: error, logDirectory: directory)
                reportSetAside()
                try await body(directory)
            }
        } catch let failure as CommandFailure {
            throw report(failure)
        } catch let error as LogError {
            throw report(CommandFailure(error, logDirectory: directory))
        } catch let error as StateStoreError {
            throw report(CommandFailure(message: "the projections' state could not be used: \(error)",
                                        fix: error.isDamage
                                            ? "the state is derived from the log: run antrain-log rebuild --log-dir \(shellQuoted(directory)), which sets a damaged state aside"
                                            : "check the disk and the permissions of \(shellQuoted(directory))/projections; the state is derived from the log, and antrain-log rebuild makes it anew",
                                        status: .ioFailure))
        } catch let exit as ExitCode {
            throw exit
        } catch let error as ValidationError {
            // ArgumentParser prints these with the usage line and exits with 64.
            throw error
        } catch {
            throw report(CommandFailure(message: "unexpected error: \(error)", fix: "this is a bug in antrain-log: please report it",
                                        status: .internalError))
        }
    }

    /// Tells, on standard error, of every damaged state this process set aside.
    private static func reportSetAside() {
        for state in ProjectionStore.takeSetAside() {
            Output.error("note: the projections' state was damaged (\(state.problem)); it was moved to \(state.folder) and is rebuilt from the log")
        }
    }

    private static func report(_ failure: CommandFailure) -> ExitCode {
        Output.error("error: \(failure.message)")
        if let fix = failure.fix { Output.error("fix: \(fix)") }
        return failure.status
    }
}

/// `text` quoted for a POSIX shell when it needs quoting, so fixes can be pasted as they are.
func shellQuoted(_ text: String) -> String {
    let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@,=".contains($0)) }
    return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
