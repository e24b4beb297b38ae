import ArgumentParser

/// `antrain-log program`: training programs, and which one you follow.
struct ProgramCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "program",
        abstract: "Show the active program's status or a program's plan; add, copy, delete, activate or deactivate programs.",
        discussion: """
            With no subcommand, `program` shows the status (`program status`).

            Examples:
              antrain-log program
              antrain-log program show "My split"
              antrain-log program add "My split" --weeks 4 --day 1="Push day" --day 4="Pull day"
              antrain-log program duplicate "My split" --name "My split, heavy"
              antrain-log program activate "My split" --start 2026-12-01
              antrain-log program deactivate
            """,
        subcommands: [
            ProgramStatusCommand.self, ProgramShowCommand.self, ProgramAddCommand.self, ProgramDuplicateCommand.self, ProgramDeleteCommand.self,
            ProgramActivateCommand.self, ProgramDeactivateCommand.self,
        ],
        defaultSubcommand: ProgramStatusCommand.self
    )
}
