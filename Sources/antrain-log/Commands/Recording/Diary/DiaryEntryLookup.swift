import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// The options that name a diary entry: its id (or first characters) and its day.
struct DiaryEntryLookup: ParsableArguments {
    @Argument(help: ArgumentHelp("The entry's id as nutrition --date shows it, or its first 4 or more characters.", valueName: "entry"))
    var entry: String

    @Option(name: [.customLong("date"), .customLong("day")],
            help: ArgumentHelp("The entry's day: 2026-11-21, today or yesterday. Default: today.", valueName: "date"))
    var date: String?

    func validate() throws {
        _ = try LocalTime.day(date, option: "--date")
        // Checked before the log is opened; a usage error, so ArgumentParser's (exit 64).
        do {
            _ = try ShortIDs.digits(entry, what: "diary entry", fix: Self.fix)
        } catch let failure as CommandFailure {
            throw ValidationError(failure.message + "; " + Self.fix + ".")
        }
    }

    static let fix = "antrain-log nutrition --date DAY lists the day's entries with their ids"

    /// The entry of the day that the typed id names, as it stands, and its day.
    func find(in facts: RecorderFacts) throws -> (entry: DiaryEntry, day: CalendarDay) {
        let day = try LocalTime.day(date, option: "--date")
        let entries = try facts.diaryEntries(on: day)
        guard !entries.isEmpty else {
            throw CommandFailure(message: "nothing is logged on \(day), so no entry there has the id \(entry)",
                                 fix: "give the entry's day with --date; \(Self.fix)", status: .rejectedInput)
        }
        let wanted = try ShortIDs.digits(entry, what: "diary entry", fix: Self.fix)
        let hits = entries.filter { ShortIDs.begins($0.entryID, with: wanted) }
        guard let found = hits.last else {
            throw CommandFailure(message: "no entry of \(day) has an id starting with \(entry)",
                                 fix: "check the id and the day (--date); \(Self.fix)", status: .rejectedInput)
        }
        // One entry logged twice under an id is one entry (the latest stands); two ids are two.
        guard Set(hits.map(\.entryID)).count == 1 else {
            let listed = hits.map { "\($0.entryID.uuidString) (\($0.foodName))" }.joined(separator: ", ")
            throw CommandFailure(message: "\(entry) names \(hits.count) entries of \(day): \(listed)",
                                 fix: "type more characters of the id", status: .rejectedInput)
        }
        return (found, day)
    }
}
