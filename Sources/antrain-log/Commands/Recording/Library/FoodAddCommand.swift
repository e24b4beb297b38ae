import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log food add`: creates a food and prints its id.
struct FoodAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a food to the library and print its id.",
        discussion: """
            The four nutrients are per 100 g and all required.

            Examples:
              antrain-log food add "Overnight oats" --kcal 150 --protein 6 --carbs 24 --fat 3.5
              antrain-log food add "Protein bar" --brand Acme --kcal 360 --protein 33 --carbs 38 --fat 9 --serving 60g --category snacks
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The food's name (1 to 100 characters).")
    var name: String

    @OptionGroup var fields: FoodFields

    func run() async throws {
        // Checked here, not in validate(): the parser validates before it looks for unknown
        // options, so a misspelt one (--calorie) would be answered by this instead of by name.
        guard fields.hasAllNutrients else {
            throw ValidationError("Give all four nutrients per 100 g: --kcal, --protein, --carbs and --fat.")
        }
        try await RecordingSession.run(global, "food add") { session in
            let base = FoodDefinition(name: name, per100g: Nutrients(caloriesKcal: 0, proteinG: 0, carbsG: 0, fatsG: 0), category: .other)
            let definition = try fields.applied(to: base)
            let foodID = UUID()
            try await session.execute(.createFood(foodID: foodID, definition: definition))
            return Recorded("added food \(foodID.uuidString) \"\(definition.name)\"", [
                ("foodId", .id(foodID)), ("name", .string(definition.name)),
            ])
        }
    }
}
