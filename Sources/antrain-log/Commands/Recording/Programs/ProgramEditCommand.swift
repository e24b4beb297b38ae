import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log program edit`: changes a program's name, description, category, difficulty or whole plan.
struct ProgramEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a program: the options given replace those values, the rest stay.",
        discussion: """
            ProgramUpdated states the whole definition again: what is not given is kept as \
            it is. --day, --weeks and --progression write the weeks again as program add \
            --day writes them (every week the same days, the progression's modifiers; the \
            weeks' names and notes go), from the program's days when --day is not given and \
            every week has the same days. --file replaces the weeks and days with a JSON \
            definition, in the form program add --file takes (a name in the file is not \
            used: --name renames). The name stays unique (ignoring case). An empty \
            --description removes it.

            Examples:
              antrain-log program edit "My split" --name "My split, v2"
              antrain-log program edit "My split" --category bodybuilding --difficulty advanced
              antrain-log program edit "My split" --description "Push, pull, legs; add 2.5 kg when all sets go"
              antrain-log program edit "My split" --weeks 8 --progression threeOneDeload
              antrain-log program edit "My split" --day mon="Push Day" --day thu="Pull Day"
              antrain-log program edit "Block" --file block-v2.json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program: its name or id.")
    var program: String

    @Option(name: .long, help: "A new name (1 to 100 characters, unique ignoring case).")
    var name: String?

    @Option(name: .long, help: "What the program is about (at most 1000 characters); empty removes it.")
    var description: String?

    @Option(name: .long, help: "powerlifting, bodybuilding, strengthTraining, crossfit, generalFitness, sportSpecific, endurance or custom.")
    var category: ProgramCategory?

    @Option(name: .long, help: "beginner, intermediate or advanced.")
    var difficulty: ProgramDifficulty?

    @Option(name: .long, help: ArgumentHelp("A training day of every week, replacing the days: 1=TEMPLATE ... 7=TEMPLATE, or mon=TEMPLATE.",
                                            valueName: "day"))
    var day: [String] = []

    @Option(name: .long, help: "How many weeks it runs (1 to 52).")
    var weeks: Int?

    @Option(name: .long, help: "linear, wave, threeOneDeload, fourOneDeload or custom: the weeks' modifiers are written again.")
    var progression: ProgressionPattern?

    @Option(name: .long, help: ArgumentHelp("A JSON file holding the new ProgramDefinition (weeks and days).", valueName: "file"))
    var file: String?

    /// Whether the weekly plan is written again from days, as program add --day writes it.
    private var rewritesWeeks: Bool { !day.isEmpty || weeks != nil || progression != nil }

    func validate() throws {
        guard name != nil || description != nil || category != nil || difficulty != nil || file != nil || rewritesWeeks else {
            throw ValidationError("Say what to change: --name, --description, --category, --difficulty, --day, --weeks, --progression or --file.")
        }
        guard file == nil || !rewritesWeeks else {
            throw ValidationError("Give the weeks with --file, or with --day, --weeks and --progression; not both.")
        }
        if let weeks, !(1...52).contains(weeks) {
            throw ValidationError("--weeks must be 1 to 52 (a program runs at most a year); got \(weeks).")
        }
    }

    func run() async throws {
        try await RecordingSession.run(global, "program edit") { session in
            let names = try await session.names()
            let found = try await names.program(program)
            let current = try LibraryNames.existing(names.library.program(id: found.id), found, .program)
            var definition = current.definition
            if let file {
                let defaults = ProgramDefaults(description: definition.description, category: definition.category,
                                               difficulty: definition.difficulty, progression: definition.progression,
                                               weeks: nil)
                definition = try await ProgramFile.read(file).definition(named: definition.name, file: file, defaults: defaults,
                                                                         names: names)
            }
            if rewritesWeeks { try await rewriteWeeks(of: &definition, names: names) }
            if let name { definition.name = name }
            if let description { definition.description = description.isEmpty ? nil : description }
            if let category { definition.category = category }
            if let difficulty { definition.difficulty = difficulty }
            try await session.execute(.updateProgram(programID: found.id, definition: definition))
            return Recorded("updated program \(found.id.uuidString) \"\(definition.name)\"",
                            [("programId", .id(found.id)), ("name", .string(definition.name))])
        }
    }

    /// The weeks written again as program add --day writes them: the days typed, else the
    /// days every week shares (refused when the weeks differ), for --weeks weeks with the
    /// --progression's modifiers (each, when not given, the program's).
    private func rewriteWeeks(of definition: inout ProgramDefinition, names: LibraryNames) async throws {
        var days = try await ProgramDays.resolve(day, names)
        if day.isEmpty {
            let plans = Set(definition.weeks.map(\.days))
            guard plans.count == 1, let shared = plans.first else {
                throw CommandFailure(message: "the weeks of program \"\(definition.name)\" have different days, so --weeks and "
                    + "--progression cannot repeat one week's days", fix: "give the days with --day, or the whole plan with --file",
                                     status: .rejectedInput)
            }
            days = shared
        }
        let count = weeks ?? definition.durationWeeks
        let pattern = progression ?? definition.progression
        definition.durationWeeks = count
        definition.progression = pattern
        definition.weeks = ProgramFile.weeks(count, of: days, pattern)
    }
}
