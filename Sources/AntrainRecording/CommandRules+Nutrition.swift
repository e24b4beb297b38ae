import AntrainEvents
import AntrainProjections
import Foundation

/// Rules of foods, the diary, bodyweight, profile and settings.
extension CommandRules {
    func nutritionPlan(_ command: Command) throws -> PlannedAppend {
        switch command {
        case let .createFood(foodID, definition):
            try requireNew(StreamName.food(foodID), "food \"\(definition.name)\"")
            try requireUniqueName(.food, definition.name, except: nil, for: "cannot create food \"\(definition.name)\"")
            return append([FoodItemCreated(foodID: foodID, definition: definition, isPreset: false)])

        case let .updateFood(foodID, definition):
            let current = try usableFood(foodID, for: "cannot update food \(foodID.uuidString)")
            try requireUniqueName(.food, definition.name, except: foodID, for: "cannot rename food \"\(current.definition.name)\"")
            return append([FoodItemUpdated(foodID: foodID, definition: definition)])

        case let .deleteFood(foodID):
            let food = try usableFood(foodID, for: "cannot delete food \(foodID.uuidString)")
            try requireNotPreset(food.isPreset, "cannot delete food \"\(food.definition.name)\" "
                + "(\(foodID.uuidString)): it is a preset of the library; only foods you made can be deleted")
            return append([FoodItemDeleted(foodID: foodID)])

        case let .favouriteFood(foodID, isFavourite):
            let what = isFavourite ? "cannot mark food \(foodID.uuidString) as a favourite" : "cannot unmark food \(foodID.uuidString)"
            _ = try usableFood(foodID, for: what)
            return append([FoodFavourited(foodID: foodID, isFavourite: isFavourite)])

        case let .logFood(entryID, day, meal, foodID, grams, at):
            let food = try usableFood(foodID, for: "cannot log food \(foodID.uuidString) on \(day)")
            try requirePlausible(grams: grams, of: food.definition.name, for: "cannot log food on \(day)")
            // The entry keeps the food as it is now, so that later edits leave this day alone.
            return append([FoodLogged(entryID: entryID, day: day, meal: meal, foodID: foodID, foodName: food.definition.name,
                                      amountGrams: grams, per100g: food.definition.per100g, loggedAt: at)])

        case let .correctFoodEntry(entryID, day, meal, grams):
            try requireDiaryEntry(entryID, on: day, for: "cannot correct diary entry \(entryID.uuidString)")
            try requirePlausible(grams: grams, of: "its food", for: "cannot correct diary entry \(entryID.uuidString)")
            return append([FoodEntryCorrected(entryID: entryID, day: day, meal: meal, amountGrams: grams)])

        case let .removeFoodEntry(entryID, day):
            try requireDiaryEntry(entryID, on: day, for: "cannot remove diary entry \(entryID.uuidString)")
            return append([FoodEntryRemoved(entryID: entryID, day: day)])

        case let .recordBodyweight(entryID, weight, at, notes, timeZone):
            return append([BodyweightRecorded(entryID: entryID, weight: weight, recordedAt: at, notes: notes, timeZone: timeZone)])

        case let .updateProfile(event):
            return append([event])

        case let .changeSettings(weightUnit, distanceUnit):
            return append([SettingsChanged(weightUnit: weightUnit, distanceUnit: distanceUnit)])

        default:
            preconditionFailure("not a nutrition, body or settings command: \(command)")
        }
    }

    /// Refuses an entry that `day`'s diary does not hold (never logged there, or removed):
    /// the read models would let its correction or removal change nothing, silently.
    private func requireDiaryEntry(_ entryID: UUID, on day: CalendarDay, for use: String) throws {
        guard try facts.diaryEntry(entryID, on: day) != nil else {
            throw CommandError(.entryNotFound, "\(use): the diary of \(day) has no such entry (never logged that day, or removed)")
        }
    }
}
