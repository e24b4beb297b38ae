import AntrainEvents
import AntrainJSON
import AntrainProjections
import Foundation

/// A day's meals and entries as `nutrition --date` shows them: each entry with its id, so
/// that `diary correct` and `diary remove` can name it.
enum DiaryEntries {
    /// `{"meal", "calories", "proteinG", "carbsG", "fatsG", "entries": [...]}`.
    static func json(_ meal: MealNutrition) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("meal", .string(meal.meal.rawValue))
        object.add("calories", QueryJSON.number(meal.calories))
        object.add("proteinG", QueryJSON.number(meal.proteinG))
        object.add("carbsG", QueryJSON.number(meal.carbsG))
        object.add("fatsG", QueryJSON.number(meal.fatsG))
        object.add("entries", .array(meal.entries.map(json)))
        return object.value
    }

    /// `{"id", "food", "foodId", "grams", "calories", "proteinG", "carbsG", "fatsG"}`: the
    /// nutrients of the amount eaten.
    static func json(_ entry: DiaryEntry) -> JSONValue {
        let eaten = nutrients(of: entry)
        var object = JSONObjectBuilder()
        object.add("id", QueryJSON.id(entry.entryID))
        object.add("food", .string(entry.foodName))
        object.add("foodId", QueryJSON.id(entry.foodID))
        object.add("grams", QueryJSON.number(entry.amountGrams))
        object.add("calories", QueryJSON.number(eaten.caloriesKcal))
        object.add("proteinG", QueryJSON.number(eaten.proteinG))
        object.add("carbsG", QueryJSON.number(eaten.carbsG))
        object.add("fatsG", QueryJSON.number(eaten.fatsG))
        return object.value
    }

    /// A blank line and a table of the day's entries, meal by meal, ids in their short form;
    /// nothing for a day without entries.
    static func text(_ day: DayNutrition) -> [String] {
        var table = TextTable([.left("MEAL"), .left("ENTRY"), .left("FOOD"), .right("AMOUNT"), .right("KCAL"), .right("PROTEIN"),
                               .right("CARBS"), .right("FATS")])
        for meal in day.meals {
            for entry in meal.entries {
                let eaten = nutrients(of: entry)
                table.add([meal.meal.rawValue, short(entry.entryID), entry.foodName, NutritionCommand.grams(entry.amountGrams),
                           DisplayText.number(eaten.caloriesKcal, decimals: 0), NutritionCommand.grams(eaten.proteinG),
                           NutritionCommand.grams(eaten.carbsG), NutritionCommand.grams(eaten.fatsG)])
            }
        }
        return table.isEmpty ? [] : [""] + table.lines
    }

    /// The first 8 characters of an id, lower case: enough to name an entry of a day.
    static func short(_ id: UUID) -> String { String(id.uuidString.prefix(8)) }

    /// What the amount eaten holds: the per-100 g snapshot scaled by the grams.
    static func nutrients(of entry: DiaryEntry) -> Nutrients {
        let share = entry.amountGrams / 100
        return Nutrients(caloriesKcal: entry.per100g.caloriesKcal * share, proteinG: entry.per100g.proteinG * share,
                         carbsG: entry.per100g.carbsG * share, fatsG: entry.per100g.fatsG * share)
    }
}
