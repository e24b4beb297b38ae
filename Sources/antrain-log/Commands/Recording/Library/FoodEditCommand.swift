import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log food edit`: changes parts of a food; days already logged keep their copy.
struct FoodEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a food: the options given replace those values, the rest stay.",
        discussion: """
            Diary entries logged before keep the name and nutrients they were logged with.

            Examples:
              antrain-log food edit "Overnight oats" --kcal 155
              antrain-log food edit "Protein bar" --name "Protein bar, chocolate" --brand ""
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The food: its name or id.")
    var food: String

    @Option(name: .long, help: "A new name (1 to 100 characters).")
    var name: String?

    @OptionGroup var fields: FoodFields

    func run() async throws {
        try await RecordingSession.run(global, "food edit") { session in
            let facts = try await session.facts()
            let found = try await session.names(facts).food(food)
            let current = try LibraryNames.existing(facts.library.food(id: found.id), found, .food)
            var definition = try fields.applied(to: current.definition)
            if let name { definition.name = name }
            try await session.execute(.updateFood(foodID: found.id, definition: definition))
            return Recorded("updated food \(found.id.uuidString) \"\(definition.name)\"", [
                ("foodId", .id(found.id)), ("name", .string(definition.name)),
            ])
        }
    }
}
