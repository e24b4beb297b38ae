import AntrainEvents
import AntrainLog
import AntrainPostgres
import AntrainProjections
import ArgumentParser
import Foundation

/// Runs a command's body and turns every failure into a message on stderr and an exit status.
enum CommandRunner {
    /// Runs `body` on the log that `global`'s `--log-dir` (or `--store` and `--log`) or the
    /// environment names.
    static func run(_ global: GlobalOptions, _ body: (_ place: LogPlace) async throws -> Void) async throws {
        try await run(global.location, body)
    }

    /// Runs `body` on the log that `location` names (for `import` and `export`).
    ///
    /// A damaged projections' state met by an answer's reads (a page whose checksum fails) is
    /// set aside and `body` runs once more, on a state rebuilt from the log: the state is
    /// derived, so the answer is the same as it would have been, and right. Every state set
    /// aside is reported on standard error. (A recording command that had appended when it met
    /// the damage does not run again: ``RecordingSession`` reports that instead.)
    static func run(_ location: LogLocation, _ body: (_ place: LogPlace) async throws -> Void) async throws {
        try await run(place: try location.resolvedPlace(), body)
    }

    /// Runs `body` on the log at `place`, reporting failures as ``run(_:_:)-(LogLocation,_)`` does.
    static func run(place: LogPlace, _ body: (_ place: LogPlace) async throws -> Void) async throws {
        defer {
            reportSetAside()
            if Verbosity.isOn {
                let (checked, failed) = PageChecksums.counts
                Output.error("state: \(checked) page reads checked against their checksums, \(failed) failed")
            }
        }
        do {
            do {
                try await body(place)
            } catch let error as StateStoreError where error.isDamage {
                try StateAccess.setAside(damaged: error, place: place)
                reportSetAside()
                try await body(place)
            }
        } catch let failure as CommandFailure {
            throw report(failure)
        } catch let error as LogError {
            throw report(CommandFailure(error, place: place))
        } catch let error as PostgresLogError {
            throw report(CommandFailure(error, place: place))
        } catch let error as StateStoreError {
            throw report(CommandFailure(message: "the projections' state could not be used: \(error)",
                                        fix: error.isDamage
                                            ? "the state is derived from the log: run antrain-log rebuild \(place.options), which sets a damaged state aside"
                                            : place.directoryPath.map { "check the disk and the permissions of \(shellQuoted($0))/projections; the state is derived from the log, and antrain-log rebuild makes it anew" }
                                                ?? "check the server and the role's rights on the state's tables; the state is derived from the log, and antrain-log rebuild makes it anew",
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
