import AntrainEvents
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log food show NAME`: one food of the library in full.
struct FoodShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one food: its brand, category, nutrients per 100 g and per serving, and whether it is a favourite.",
        discussion: """
            FOOD is a name (any case) or an id; a name that matches nothing exits 65 with the \
            closest names.

            JSON: one object, as an element of food list's array. CSV: one row, as food list's.

            Examples:
              antrain-log food show "Rolled oats"
              antrain-log food show "chicken breast, cooked" --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("The food: its name (any case) or id.", valueName: "food"), completion: NameCompletion.foods)
    var food: String

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let library = Library(store)
            let id = try await LibraryNames(library: library).food(food).id
            guard let found = try library.food(id: id) else {
                throw CommandFailure(message: "the library has no food \(id.uuidString)",
                                     fix: "antrain-log food list shows the foods; name one of them", status: .rejectedInput)
            }
            Self.answer(found).print(global.format)
        }
    }

    static func answer(_ food: LibraryFood) -> QueryAnswer {
        let definition = food.definition, per100g = definition.per100g
        var block = KeyValueBlock()
        block.add("food", food.name + (food.isDeleted ? " (deleted)" : ""))
        block.add("id", food.id.uuidString)
        block.add("brand", definition.brand)
        block.add("category", DisplayText.words(definition.category))
        block.add("source", food.isPreset ? "preset" : "your own")
        block.add("favourite", food.isFavourite ? "yes" : "no")
        block.add("per 100 g", Self.nutrients(per100g, grams: 100))
        block.add("serving", definition.servingSizeG.map { NutritionCommand.grams($0) + ": " + Self.nutrients(per100g, grams: $0) })
        let list = FoodListCommand.answer([food], favourites: false)
        return QueryAnswer(json: FoodListCommand.json(food), text: block.lines, csv: list.csv)
    }

    /// `150 kcal, 6 g protein, 24 g carbs, 3.5 g fats` for `grams` of a food.
    static func nutrients(_ per100g: Nutrients, grams: Double) -> String {
        let share = grams / 100
        return "\(DisplayText.number(per100g.caloriesKcal * share, decimals: 0)) kcal, \(NutritionCommand.grams(per100g.proteinG * share)) protein, "
            + "\(NutritionCommand.grams(per100g.carbsG * share)) carbs, \(NutritionCommand.grams(per100g.fatsG * share)) fats"
    }
}
