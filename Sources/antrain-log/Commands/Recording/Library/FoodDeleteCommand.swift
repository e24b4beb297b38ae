import ArgumentParser
import Foundation

/// `antrain-log food delete`: removes a food you made from the library.
struct FoodDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a food you made (presets stay); diary entries that name it stay.",
        discussion: """
            Examples:
              antrain-log food delete "Overnight oats"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The food: its name or id.")
    var food: String

    func run() async throws {
        try await RecordingSession.run(global, "food delete") { session in
            let found = try await session.names().food(food)
            try await session.execute(.deleteFood(foodID: found.id))
            return Recorded("deleted food \(found.id.uuidString) \"\(found.name)\"", [("foodId", .id(found.id))])
        }
    }
}
