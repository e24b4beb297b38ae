import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log program add`: creates a program from a weekly plan or a JSON definition.
struct ProgramAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a program and print its id.",
        discussion: """
            With --day, every week of --weeks repeats the same days: DAY=TEMPLATE, DAY 1 \
            (Monday) to 7 (Sunday) or mon to sun, the template by name or id. The weeks take \
            the --progression's modifiers: linear +2.5% intensity a week; wave waves of three \
            weeks; threeOneDeload and fourOneDeload a deload (intensity and volume 0.6) every \
            4th or 5th week; custom 1 every week.

            For weeks that differ, give the definition as JSON with --file, in the form of \
            docs/EVENTS.md (ProgramDefinition); its name is NAME, and it may leave out what \
            the options give and the weeks' modifiers (docs/CLI.md lists what it may leave out).

            Examples:
              antrain-log program add "My split" --weeks 4 --day mon="Push day" --day thu="Pull day"
              antrain-log program add "Block" --weeks 8 --progression threeOneDeload --day 1="Squat day"
              antrain-log program add "Spring block" --file block.json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program's name (1 to 100 characters, unique ignoring case).")
    var name: String

    @Option(name: .long, help: ArgumentHelp("A training day of every week: 1=TEMPLATE ... 7=TEMPLATE, or mon=TEMPLATE.", valueName: "day"))
    var day: [String] = []

    @Option(name: .long, help: "How many weeks it runs (1 to 52; 4 with --day).")
    var weeks: Int?

    @Option(name: .long, help: "powerlifting, bodybuilding, strengthTraining, crossfit, generalFitness, sportSpecific, endurance or custom (the default).")
    var category: ProgramCategory?

    @Option(name: .long, help: "beginner, intermediate (the default) or advanced.")
    var difficulty: ProgramDifficulty?

    @Option(name: .long, help: "linear (the default), wave, threeOneDeload, fourOneDeload or custom.")
    var progression: ProgressionPattern?

    @Option(name: .long, help: "What the program is about (at most 1000 characters).")
    var description: String?

    @Option(name: .long, help: ArgumentHelp("A JSON file holding a ProgramDefinition, instead of --day.", valueName: "file"))
    var file: String?

    func validate() throws {
        guard (file == nil) != day.isEmpty else {
            throw ValidationError("Give the training days with --day (repeatable), or the whole definition with --file; not both.")
        }
        if let weeks, !(1...52).contains(weeks) {
            throw ValidationError("--weeks must be 1 to 52 (a program runs at most a year); got \(weeks).")
        }
    }

    func run() async throws {
        try await RecordingSession.run(global, "program add") { session in
            let defaults = ProgramDefaults(description: description, category: category, difficulty: difficulty,
                                           progression: progression, weeks: weeks)
            let definition: ProgramDefinition
            if let file {
                definition = try await ProgramFile.read(file).definition(named: name, file: file, defaults: defaults,
                                                                         names: session.names())
            } else {
                let days = try await ProgramDays.resolve(day, session.names())
                let pattern = progression ?? .linear
                let count = weeks ?? 4
                definition = ProgramDefinition(name: name, description: description, category: category ?? .custom,
                                               difficulty: difficulty ?? .intermediate, durationWeeks: count, progression: pattern,
                                               weeks: ProgramFile.weeks(count, of: days, pattern))
            }
            let programID = UUID()
            try await session.execute(.createProgram(programID: programID, definition: definition))
            return Recorded("added program \(programID.uuidString) \"\(name)\" of \(definition.durationWeeks) week(s)", [
                ("programId", .id(programID)), ("name", .string(name)),
            ])
        }
    }
}
