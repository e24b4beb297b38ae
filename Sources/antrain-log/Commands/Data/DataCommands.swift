import ArgumentParser

/// The commands that move data in and out: import, export, generate, and `append` of events
/// as JSON Lines: a group of the top-level help.
enum DataCommands {
    static let group = CommandGroup(name: "Import/export", subcommands: [
        ImportCommand.self, ExportCommand.self, CopyCommand.self, GenerateCommand.self, AppendCommand.self,
    ])
}

/// The data commands take the shared options (`--log-dir`, and `--format text|json` for
/// their summary). The data's own format is `--from` (import) and `--to` (export): the
/// root command parses `--format` wherever it stands on the command line, so a second
/// `--format` with other values could never reach a subcommand.
