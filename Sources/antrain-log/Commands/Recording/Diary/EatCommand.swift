import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log eat`: logs a food in a day's diary.
struct EatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eat",
        abstract: "Log a food eaten: food, grams, meal, and the day (today by default).",
        discussion: """
            The food is named by its name (any case) or id. The entry keeps the food's name \
            and nutrients as they are now, so editing the food later leaves this day alone. \
            nutrition --date DAY lists the day's entries with their ids; diary correct and \
            diary remove fix an entry by its id.

            The amount is grams (80g, 0.2kg, or a plain number), or servings of the food's \
            usual serving (2x or "2 servings": two eggs of 50 g are 100 g). One entry holds at \
            most 3000 g.

            Examples:
              antrain-log eat "Oats" 80g --meal breakfast
              antrain-log eat "Egg, whole" 2x --meal breakfast
              antrain-log eat "skyr, plain" 150 --meal snack --date yesterday
              antrain-log eat "Chicken breast, cooked" 0.2kg --meal dinner --date 2026-11-21
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The food: its name or id.", completion: NameCompletion.foods)
    var food: String

    @Argument(help: ArgumentHelp("How much: 80g, 0.2kg, plain grams, or servings: 2x, \"2 servings\".", valueName: "amount"))
    var amount: String

    @Option(name: .long, help: "breakfast, lunch, dinner or snack.")
    var meal: Meal

    // `--date`, as every command that asks for a day spells it; `--day` still works.
    @Option(name: [.customLong("date"), .customLong("day")],
            help: ArgumentHelp("The day it was eaten: 2026-11-21, today or yesterday. Default: the day of --at, else today.",
                               valueName: "date"))
    var day: String?

    @Option(name: .long, help: ArgumentHelp("When it was eaten: 07:30 (today), 2026-11-21T07:30, or now; its local day is the diary's day unless --date names one.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "eat") { session in
            let typed = try Quantities.foodAmount(amount)
            let loggedAt = try LocalTime.instant(at)
            // A meal given its time is on that time's local day, unless the day is named.
            let day = try self.day == nil && at != nil ? LocalTime.day(of: loggedAt.date) : LocalTime.day(self.day)
            let facts = try await session.facts()
            let food = try await session.names(facts).food(self.food)
            let grams: Double
            switch typed {
            case let .grams(value): grams = value
            case let .servings(count):
                guard let serving = try facts.library.food(id: food.id)?.definition.servingSizeG else {
                    throw CommandFailure(message: "\(food.name) has no usual serving, so \"\(amount)\" names no amount",
                                         fix: "give the amount in grams (80g), or set its serving with antrain-log food edit NAME --serving 50g",
                                         status: .rejectedInput)
                }
                grams = count * serving
            }
            let entryID = UUID()
            try await session.execute(.logFood(entryID: entryID, day: day, meal: meal, foodID: food.id, grams: grams, at: loggedAt))
            let servings = if case let .servings(count) = typed { " (\(Shown.number(count)) serving\(count == 1 ? "" : "s"))" } else { "" }
            return Recorded("logged \(Shown.number(grams)) g\(servings) of \(food.name) for \(meal.rawValue) on \(day)", [
                ("entryId", .id(entryID)), ("foodId", .id(food.id)), ("day", .string(day.description)),
                ("meal", .string(meal.rawValue)), ("grams", .double(grams)),
            ])
        }
    }
}
