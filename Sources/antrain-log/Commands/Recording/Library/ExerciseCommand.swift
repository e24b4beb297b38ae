import ArgumentParser

/// `antrain-log exercise`: the exercises of the library that you make.
struct ExerciseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "Add, edit or delete exercises of the library.",
        discussion: """
            Examples:
              antrain-log exercise add "Landmine Press" --category barbell --muscles shoulders,triceps
              antrain-log exercise edit "Landmine Press" --name "Half-kneeling Landmine Press"
              antrain-log exercise delete "Half-kneeling Landmine Press"
            """,
        subcommands: [ExerciseAddCommand.self, ExerciseEditCommand.self, ExerciseDeleteCommand.self]
    )
}
