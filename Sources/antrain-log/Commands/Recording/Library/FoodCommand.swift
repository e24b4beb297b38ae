import ArgumentParser

/// `antrain-log food`: the foods of the library that you make.
struct FoodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "food",
        abstract: "Add, edit or delete foods of the library (nutrients per 100 g).",
        discussion: """
            Examples:
              antrain-log food add "Overnight oats" --kcal 150 --protein 6 --carbs 24 --fat 3.5
              antrain-log food edit "Overnight oats" --kcal 155 --serving 250g
              antrain-log food delete "Overnight oats"
            """,
        subcommands: [FoodAddCommand.self, FoodEditCommand.self, FoodDeleteCommand.self]
    )
}
