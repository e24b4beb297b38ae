import AntrainProjections
import ArgumentParser

/// `antrain-log`: inspect, check, repair and feed an Antrain event log from the shell.
@main
struct AntrainLog: AsyncParsableCommand {
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
              antrain-log import strong.csv --format strong --weight-unit lb
              antrain-log export --format csv --what sets --output sets.csv
              antrain-log verify --expect-head 3f9a...e1
              antrain-log repair

            Exit statuses: 0 ok, 2 damaged log, 3 expected chain head not found, \
            64 usage error, 65 input rejected, 66 no log, 70 internal error, \
            73 log locked by another writer, 74 I/O failure. See docs/CLI.md.
            """,
        subcommands: RecordingCommands.all + QueryCommands.all + DataCommands.all + [
            InfoCommand.self, VerifyCommand.self, RepairCommand.self,
            CatCommand.self, TailCommand.self, AppendCommand.self, SeedCommand.self,
        ]
    )

    // Declared here too so that --log-dir may come before the subcommand's name. Only the
    // location: --format means a different thing to import and export than to the others.
    @OptionGroup var location: LogLocation

    /// The commands that replay the whole log into fresh read models, which run on huge
    /// pages (see `HugePageHeap`): the others read checkpoints and small parts of the log.
    static let fullReplayCommands: Set<String> = [RebuildCommand.configuration.commandName!,
                                                  ReplayCommand.configuration.commandName!]

    static func main() async {
        // Before anything is opened or printed: on a kernel that gives huge pages only on
        // request, this starts the program again with glibc's tunable set.
        if let command = commandName(in: CommandLine.arguments.dropFirst()), fullReplayCommands.contains(command) {
            HugePageHeap.restartIfUseful()
        }
        await main(nil)
    }

    /// The subcommand `arguments` name: the first that is neither an option nor the value of
    /// `--log-dir`, the one option that may come before it.
    static func commandName(in arguments: ArraySlice<String>) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--log-dir" { index += 2; continue }
            if !argument.hasPrefix("-") { return argument }
            index += 1
        }
        return nil
    }
}
