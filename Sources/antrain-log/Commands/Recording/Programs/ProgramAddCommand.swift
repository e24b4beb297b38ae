import AntrainEvents
import ArgumentParser
import Foundation

/// `antrain-log program add`: creates a program from a weekly plan or a JSON definition.
struct ProgramAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a program and print its id.",
        discussion: """
            With --day, every week of --weeks repeats the same days: DAY=TEMPLATE, DAY 1 \
            (Monday) to 7 (Sunday) or mon to sun, the template by name or id. For weeks that \
            differ (deloads, waves), give the whole definition as JSON with --file, in the \
            form of docs/EVENTS.md (ProgramDefinition, templates by id); its name is NAME.

            Examples:
              antrain-log program add "My split" --weeks 4 --day 1="Push day" --day 4="Pull day"
              antrain-log program add "Block" --file block.json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program's name (1 to 100 characters, unique ignoring case).")
    var name: String

    @Option(name: .long, help: ArgumentHelp("A training day of every week: 1=TEMPLATE ... 7=TEMPLATE, or mon=TEMPLATE.", valueName: "day"))
    var day: [String] = []

    @Option(name: .long, help: "How many weeks it runs (1 to 52).")
    var weeks: Int = 4

    @Option(name: .long, help: "strength, hypertrophy, powerlifting, endurance, general or custom.")
    var category: ProgramCategory = .custom

    @Option(name: .long, help: "beginner, intermediate or advanced.")
    var difficulty: ProgramDifficulty = .intermediate

    @Option(name: .long, help: "linear, wave, threeOneDeload, fourOneDeload or custom.")
    var progression: ProgressionPattern = .linear

    @Option(name: .long, help: "What the program is about (at most 1000 characters).")
    var description: String?

    @Option(name: .long, help: ArgumentHelp("A JSON file holding a ProgramDefinition, instead of --day.", valueName: "file"))
    var file: String?

    func validate() throws {
        guard (file == nil) != day.isEmpty else {
            throw ValidationError("Give the training days with --day (repeatable), or the whole definition with --file; not both.")
        }
    }

    func run() async throws {
        try await RecordingSession.run(global, "program add") { session in
            var definition: ProgramDefinition
            if let file {
                definition = try Self.load(file)
                definition.name = name
            } else {
                let days = try await ProgramDays.resolve(day, session.names())
                let plan = (1...max(1, min(weeks, 52))).map { ProgramWeek(number: $0, days: days) }
                definition = ProgramDefinition(name: name, description: description, category: category, difficulty: difficulty,
                                               durationWeeks: weeks, progression: progression, weeks: plan)
            }
            let programID = UUID()
            try await session.execute(.createProgram(programID: programID, definition: definition))
            return Recorded("added program \(programID.uuidString) \"\(name)\" of \(definition.durationWeeks) week(s)", [
                ("programId", .id(programID)), ("name", .string(name)),
            ])
        }
    }

    private static func load(_ path: String) throws -> ProgramDefinition {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "cannot read \(path)", fix: "check the file's path and permissions", status: ExitStatus.noInput)
        }
        do {
            return try JSONDecoder().decode(ProgramDefinition.self, from: data)
        } catch {
            throw CommandFailure(message: "\(path) is not a program definition: \(error)",
                                 fix: "write it as docs/EVENTS.md (ProgramDefinition) shows", status: ExitStatus.rejectedInput)
        }
    }
}

/// `--day 1="Push day"`: days of the week and the templates done on them.
enum ProgramDays {
    static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func resolve(_ typed: [String], _ names: LibraryNames) async throws -> [ProgramDay] {
        var days: [ProgramDay] = []
        for entry in typed {
            guard let split = entry.firstIndex(of: "=") else {
                throw ValidationError("--day \"\(entry)\" has no \"=\": write 1=\"Push day\" or mon=\"Push day\".")
            }
            let key = entry[..<split].trimmingCharacters(in: .whitespaces).lowercased()
            guard let number = Int(key) ?? weekdays.firstIndex(where: { key.hasPrefix($0) }).map({ $0 + 1 }), (1...7).contains(number) else {
                throw ValidationError("--day \"\(entry)\": \"\(key)\" is not a day of the week; use 1 (Monday) to 7 (Sunday), or mon to sun.")
            }
            let template = try await names.template(String(entry[entry.index(after: split)...]))
            days.append(ProgramDay(dayOfWeek: number, name: template.name, templateID: template.id))
        }
        return days.sorted { $0.dayOfWeek < $1.dayOfWeek }
    }
}
