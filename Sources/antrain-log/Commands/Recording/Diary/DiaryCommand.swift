import ArgumentParser

/// `antrain-log diary`: fixes a day's food diary: corrects or removes entries `eat` logged.
struct DiaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Correct or remove food diary entries, by the ids nutrition --date shows.",
        discussion: """
            antrain-log eat logs an entry; antrain-log nutrition --date DAY lists the day's \
            entries with their ids; these commands change them. An entry is named by its id, or \
            by its first 4 or more characters, in any case, among the entries of its day \
            (--date, today by default). An entry stays on its day: to move food to another \
            day, remove it and eat it again there.

            Examples:
              antrain-log nutrition --date 2026-11-21
              antrain-log diary correct 3f2a 120g --meal lunch
              antrain-log diary remove 3f2a9c1b --date yesterday
            """,
        subcommands: [DiaryCorrectCommand.self, DiaryRemoveCommand.self]
    )
}
