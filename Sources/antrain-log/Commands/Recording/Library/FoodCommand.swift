import ArgumentParser

/// `antrain-log food`: the foods of the library: find them, mark favourites, make your own.
struct FoodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "food",
        abstract: "List, show and mark favourite foods of the library; add, edit or delete your own (nutrients per 100 g).",
        discussion: """
            Examples:
              antrain-log food list --search oats
              antrain-log food show "Rolled oats"
              antrain-log food favourite "Rolled oats"
              antrain-log food list --favourites
              antrain-log food add "Overnight oats" --kcal 150 --protein 6 --carbs 24 --fat 3.5
              antrain-log food edit "Overnight oats" --kcal 155 --serving 250g
              antrain-log food delete "Overnight oats"
            """,
        subcommands: [FoodListCommand.self, FoodShowCommand.self, FoodFavouriteCommand.self, FoodAddCommand.self, FoodEditCommand.self,
                      FoodDeleteCommand.self]
    )
}
