import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log food list`: the foods of the library, with their nutrients per 100 g.
struct FoodListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the library's foods with their nutrients per 100 g; your favourites, or those matching words.",
        discussion: """
            Every filter given narrows the list; without any, every food (presets and your own, \
            not deleted) in the order they were added. --search keeps the foods whose name or \
            brand holds every word typed, in any order and case ("oats" finds "Rolled oats"). \
            --favourites keeps those marked with antrain-log food favourite.

            JSON: an array of {"id", "name", "brand", "category", "per100g" ({"caloriesKcal", \
            "proteinG", "carbsG", "fatsG"}), "servingSizeG", "isFavourite", "isPreset"}; fields \
            without a value are omitted.

            Examples:
              antrain-log food list
              antrain-log food list --favourites
              antrain-log food list --search oats --format json
              antrain-log food list --category dairy --format csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Flag(name: [.customLong("favourites"), .customLong("favorites")], help: "Only the foods marked as favourites.")
    var favourites = false

    @Option(name: .long, help: ArgumentHelp("Words of its name or brand, in any order and case.", valueName: "words"))
    var search: String?

    @Option(name: .long, help: "protein, dairy, grains, legumes, fruit, vegetables, fats, snacks, beverages, prepared or other.")
    var category: FoodCategory?

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let foods = try Library(store).foods(matching: search, favouritesOnly: favourites)
                .filter { category == nil || $0.definition.category == category }
            Self.answer(foods, favourites: favourites).print(global.format)
        }
    }

    static func answer(_ foods: [LibraryFood], favourites: Bool) -> QueryAnswer {
        var table = TextTable([.left("NAME"), .left("BRAND"), .right("KCAL"), .right("PROTEIN"), .right("CARBS"), .right("FATS"),
                               .right("SERVING"), .left("FAVOURITE")])
        var csv = CSVText(["id", "name", "brand", "category", "caloriesKcal", "proteinG", "carbsG", "fatsG", "servingSizeG",
                           "isFavourite", "isPreset"])
        for food in foods {
            let definition = food.definition, per100g = definition.per100g
            table.add([food.name, definition.brand ?? "", DisplayText.number(per100g.caloriesKcal, decimals: 0),
                       NutritionCommand.grams(per100g.proteinG), NutritionCommand.grams(per100g.carbsG), NutritionCommand.grams(per100g.fatsG),
                       definition.servingSizeG.map(NutritionCommand.grams) ?? "", food.isFavourite ? "yes" : ""])
            let number = { (value: Double) in DisplayText.number(value, decimals: 6) }
            csv.add([food.id.uuidString, food.name, definition.brand ?? "", definition.category.rawValue,
                     number(per100g.caloriesKcal), number(per100g.proteinG), number(per100g.carbsG), number(per100g.fatsG),
                     definition.servingSizeG.map(number) ?? "", String(food.isFavourite), String(food.isPreset)])
        }
        let none = favourites ? "no favourite food matches (mark one with antrain-log food favourite NAME)" : "no food matches"
        let count = "\(foods.count) food\(foods.count == 1 ? "" : "s"), nutrients per 100 g"
        return QueryAnswer(json: .array(foods.map(json)), text: table.isEmpty ? [none] : table.lines + ["", count], csv: csv)
    }

    /// A food as `food list` and `food show` print it in JSON.
    static func json(_ food: LibraryFood) -> JSONValue {
        let definition = food.definition, per100g = definition.per100g
        var object = JSONObjectBuilder()
        object.add("id", QueryJSON.id(food.id))
        object.add("name", .string(food.name))
        object.add("brand", ifPresent: definition.brand.map { .string($0) })
        object.add("category", .string(definition.category.rawValue))
        object.add("per100g", .object([("caloriesKcal", QueryJSON.number(per100g.caloriesKcal)), ("proteinG", QueryJSON.number(per100g.proteinG)),
                                       ("carbsG", QueryJSON.number(per100g.carbsG)), ("fatsG", QueryJSON.number(per100g.fatsG))]))
        object.add("servingSizeG", ifPresent: definition.servingSizeG.map(QueryJSON.number))
        object.add("isFavourite", .bool(food.isFavourite))
        object.add("isPreset", .bool(food.isPreset))
        return object.value
    }
}
