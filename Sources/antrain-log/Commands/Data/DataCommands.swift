import ArgumentParser

/// The commands that move data in and out: import, export, generate.
enum DataCommands {
    static let all: [any ParsableCommand.Type] = [ImportCommand.self, ExportCommand.self, GenerateCommand.self]
}

/// The data commands take the shared options (`--log-dir`, and `--format text|json` for
/// their summary). The data's own format is `--from` (import) and `--to` (export): the
/// root command parses `--format` wherever it stands on the command line, so a second
/// `--format` with other values could never reach a subcommand.
