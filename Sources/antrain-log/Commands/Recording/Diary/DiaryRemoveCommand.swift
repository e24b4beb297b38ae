import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log diary remove ENTRY`: takes an entry out of its day.
struct DiaryRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a diary entry from its day.",
        discussion: """
            Examples:
              antrain-log diary remove 3f2a
              antrain-log diary remove 3f2a9c1b --date yesterday
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var lookup: DiaryEntryLookup

    func run() async throws {
        try await RecordingSession.run(global, "diary remove") { session in
            let (entry, day) = try lookup.find(in: try await session.facts())
            try await session.execute(.removeFoodEntry(entryID: entry.entryID, day: day))
            return Recorded("removed \(Shown.number(entry.amountGrams)) g of \(entry.foodName) (\(entry.meal.rawValue)) from \(day)",
                            [("entryId", .id(entry.entryID)), ("day", .string(day.description))])
        }
    }
}
