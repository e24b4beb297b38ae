import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log diary correct ENTRY [AMOUNT] [--meal M]`: a new amount or meal for an entry.
struct DiaryCorrectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct a diary entry's amount or meal; what is not given stays.",
        discussion: """
            The food stays, with the nutrients it was logged with; to change the food, remove \
            the entry and eat the other one.

            Examples:
              antrain-log diary correct 3f2a 120g
              antrain-log diary correct 3f2a9c1b --meal dinner --date 2026-11-21
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var lookup: DiaryEntryLookup

    @Argument(help: ArgumentHelp("The right amount: 120g, 0.2kg, or plain grams.", valueName: "amount"))
    var amount: String?

    @Option(name: .long, help: "The right meal: breakfast, lunch, dinner or snack.")
    var meal: Meal?

    func validate() throws {
        guard amount != nil || meal != nil else {
            throw ValidationError("Nothing to correct: give the right amount (120g), --meal, or both.")
        }
        if let amount { _ = try Quantities.grams(amount) }
    }

    func run() async throws {
        try await RecordingSession.run(global, "diary correct") { session in
            let (entry, day) = try lookup.find(in: try await session.facts())
            let grams = try amount.map { try Quantities.grams($0) } ?? entry.amountGrams
            let meal = meal ?? entry.meal
            try await session.execute(.correctFoodEntry(entryID: entry.entryID, day: day, meal: meal, grams: grams))
            return Recorded("corrected \(entry.foodName) on \(day): \(Shown.number(grams)) g for \(meal.rawValue) "
                + "(was \(Shown.number(entry.amountGrams)) g for \(entry.meal.rawValue))", [
                    ("entryId", .id(entry.entryID)), ("day", .string(day.description)), ("meal", .string(meal.rawValue)),
                    ("grams", .double(grams)),
                ])
        }
    }
}
