import ArgumentParser

/// `antrain-log program`: training programs, and which one you follow.
struct ProgramCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "program",
        abstract: "List programs, show the active one's status or a program's plan; add, edit, copy, delete, activate or deactivate programs.",
        discussion: """
            With no subcommand, `program` shows the status (`program status`).

            Examples:
              antrain-log program
              antrain-log program list
              antrain-log program add "My split" --weeks 4 --day 1="Push day" --day 4="Pull day"
              antrain-log program show "My split"
              antrain-log program edit "My split" --difficulty advanced
              antrain-log program duplicate "My split" --name "My split, heavy"
              antrain-log program activate "My split" --start 2026-12-01
              antrain-log program deactivate
            """,
        subcommands: [
            ProgramStatusCommand.self, ProgramListCommand.self, ProgramShowCommand.self, ProgramAddCommand.self, ProgramEditCommand.self,
            ProgramDuplicateCommand.self, ProgramDeleteCommand.self,
            ProgramActivateCommand.self, ProgramDeactivateCommand.self, ProgramStartCommand.self,
        ],
        defaultSubcommand: ProgramStatusCommand.self
    )
}
