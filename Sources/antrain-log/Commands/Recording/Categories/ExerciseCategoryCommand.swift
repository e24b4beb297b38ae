import ArgumentParser

/// `antrain-log exercise category`: the categories that group exercises beyond the library's own.
struct ExerciseCategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "List the exercise categories; add, rename or delete your own.",
        discussion: """
            The library ships a few (Push, Pull, Legs, Core, Conditioning), which keep their \
            names. An exercise joins categories with exercise add or exercise edit \
            --category NAME; exercise list --category NAME lists them.

            Examples:
              antrain-log exercise category list
              antrain-log exercise category add Mobility
              antrain-log exercise category rename Mobility "Mobility & Prehab"
              antrain-log exercise category delete "Mobility & Prehab"
            """,
        subcommands: [ExerciseCategoryListCommand.self, ExerciseCategoryAddCommand.self, ExerciseCategoryRenameCommand.self,
                      ExerciseCategoryDeleteCommand.self]
    )
}
