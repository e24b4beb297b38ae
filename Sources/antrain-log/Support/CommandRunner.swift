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
