import ArgumentParser

/// `antrain-log exercise`: the exercises of the library: find them, and make your own.
struct ExerciseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "List and show the library's exercises; add, edit or delete your own.",
        discussion: """
            Examples:
              antrain-log exercise list --muscle chest
              antrain-log exercise show "Barbell Bench Press"
              antrain-log exercise add "Landmine Press" --category barbell --muscles shoulders,triceps
              antrain-log exercise edit "Landmine Press" --name "Half-kneeling Landmine Press"
              antrain-log exercise delete "Half-kneeling Landmine Press"
              antrain-log exercise category add Mobility
            """,
        subcommands: [ExerciseListCommand.self, ExerciseShowCommand.self, ExerciseAddCommand.self, ExerciseEditCommand.self,
                      ExerciseDeleteCommand.self, ExerciseCategoryCommand.self]
    )
}
