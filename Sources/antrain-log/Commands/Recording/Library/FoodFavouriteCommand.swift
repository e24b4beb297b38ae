import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log food favourite NAME [--off]`: marks a food as a favourite, or unmarks it.
struct FoodFavouriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourite",
        abstract: "Mark a food as a favourite (food list --favourites lists them); --off unmarks it.",
        discussion: """
            Presets can be favourites too. Marking a favourite again, or unmarking a food that \
            is not one, records the same state again and changes nothing.

            Examples:
              antrain-log food favourite "Rolled oats"
              antrain-log food favourite "Rolled oats" --off
            """,
        aliases: ["favorite"]
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The food: its name or id.")
    var food: String

    @Flag(name: .long, help: "Unmark it: it is no longer a favourite.")
    var off = false

    func run() async throws {
        try await RecordingSession.run(global, "food favourite") { session in
            let found = try await session.names().food(food)
            try await session.execute(.favouriteFood(foodID: found.id, isFavourite: !off))
            let text = off ? "\"\(found.name)\" is no longer a favourite" : "\"\(found.name)\" is a favourite"
            return Recorded(text, [("foodId", .id(found.id)), ("name", .string(found.name)), ("isFavourite", .bool(!off))])
        }
    }
}
