import ArgumentParser

/// `antrain-log`: inspect, check, repair and feed an Antrain event log from the shell.
@main
struct AntrainLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "antrain-log",
        abstract: "Record, inspect, verify and repair an Antrain event log.",
        discussion: """
            The log directory comes from --log-dir, else $ANTRAIN_LOG_DIR, else \
            $XDG_DATA_HOME/antrain/log, else ~/.local/share/antrain/log.

            Examples:
              antrain-log info
              antrain-log cat --stream workout-42 --format json
              antrain-log tail -n 20 --follow
              antrain-log seed
              antrain-log append events.jsonl
              antrain-log import strong.csv --source strong --weight-unit lb
              antrain-log export --format csv --what sets --output sets.csv
              antrain-log verify --expect-head 9c1f0e4b2a7d5c8e3f6a1b9d0c7e2f4a8b5d3c6e9f1a0b7c2d4e8f5a3b6c9d0e
              antrain-log repair

            --verbose, with any command, shows the libraries' logs on standard error (what a \
            catch-up of the projections decided, how a rebuild spent its time).

            Exit statuses: 0 ok, 2 damaged log, 3 expected chain head not found, \
            64 usage error, 65 input rejected, 66 no log, 70 internal error, \
            73 log locked by another writer, 74 I/O failure. See docs/CLI.md.
            """,
        version: BuildVersion.text,
        groupedSubcommands: [
            RecordingCommands.recording, RecordingCommands.library, QueryCommands.group, DataCommands.group,
            CommandGroup(name: "Log maintenance", subcommands: [
                InfoCommand.self, VerifyCommand.self, RepairCommand.self, RebuildCommand.self, CatCommand.self, TailCommand.self,
                LogsCommand.self,
            ]),
        ]
    )

    // Declared here too so that --log-dir may come before the subcommand's name. Only the
    // location: --format means a different thing to import and export than to the others.
    @OptionGroup var location: LogLocation

    /// Reads the command line as a person types it (``ArgumentRewriting``), then runs the
    /// command it names.
    static func main() async {
        Verbosity.bootstrap()
        let arguments = Verbosity.stripped(Array(CommandLine.arguments.dropFirst()))
        if let unknown = ArgumentRewriting.unknownCommand(in: arguments, root: Self.self) {
            Output.error("error: \(unknown.message)")
            if let fix = unknown.fix { Output.error("fix: \(fix)") }
            Self.exit(withError: unknown.status)
        }
        await main(ArgumentRewriting.negativeNumbers(arguments))
    }
}
