import Foundation

// Hand-written binary decoders of the events a day's diary logs most (see FastBinaryDecodable).

extension Nutrients {
    /// Reads the four numbers, in order, as `init(from:)` does.
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let calories = try cursor.double()
        let protein = try cursor.double()
        let carbs = try cursor.double()
        self.init(caloriesKcal: calories, proteinG: protein, carbsG: carbs, fatsG: try cursor.double())
    }
}

extension FoodLogged: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let entryID = try cursor.uuid()
        let day = try cursor.calendarDay()
        let meal = try cursor.rawValue(RawValueTables.meal)
        let foodID = try cursor.uuid()
        let foodName = try cursor.string()
        let amountGrams = try cursor.double()
        let per100g = try Nutrients(binary: &cursor)
        self.init(entryID: entryID, day: day, meal: meal, foodID: foodID, foodName: foodName, amountGrams: amountGrams,
                  per100g: per100g, loggedAt: try cursor.timestamp())
    }
}

extension BodyweightRecorded: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let entryID = try cursor.uuid()
        let weight = try cursor.mass()
        let recordedAt = try cursor.timestamp()
        let notes = try cursor.optionalString()
        self.init(entryID: entryID, weight: weight, recordedAt: recordedAt, notes: notes, timeZone: try cursor.string())
    }
}

extension FoodEntryCorrected: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let entryID = try cursor.uuid()
        let day = try cursor.calendarDay()
        let meal = try cursor.rawValue(RawValueTables.meal)
        self.init(entryID: entryID, day: day, meal: meal, amountGrams: try cursor.double())
    }
}

extension FoodEntryRemoved: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let entryID = try cursor.uuid()
        self.init(entryID: entryID, day: try cursor.calendarDay())
    }
}
