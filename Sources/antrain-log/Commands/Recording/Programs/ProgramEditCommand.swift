import AntrainEvents
import ArgumentParser
import Foundation

/// `antrain-log program edit`: changes a program's name, description, category, difficulty or whole plan.
struct ProgramEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a program: the options given replace those values, the rest stay.",
        discussion: """
            ProgramUpdated states the whole definition again: what is not given is kept as \
            it is. --file replaces the weeks and days with a JSON definition, in the form \
            program add --file takes (a name in the file is not used: --name renames). The \
            name stays unique (ignoring case). An empty --description removes it.

            Examples:
              antrain-log program edit "My split" --name "My split, v2"
              antrain-log program edit "My split" --category bodybuilding --difficulty advanced
              antrain-log program edit "My split" --description "Push, pull, legs; add 2.5 kg when all sets go"
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

    @Option(name: .long, help: ArgumentHelp("A JSON file holding the new ProgramDefinition (weeks and days).", valueName: "file"))
    var file: String?

    func validate() throws {
        guard name != nil || description != nil || category != nil || difficulty != nil || file != nil else {
            throw ValidationError("Say what to change: --name, --description, --category, --difficulty or --file.")
        }
    }

    func run() async throws {
        try await RecordingSession.run(global, "program edit") { session in
            let names = try await session.names()
            let found = try await names.program(program)
            guard let current = try names.library.program(id: found.id) else {
                throw CommandFailure(message: "there is no program \(found.id.uuidString)", fix: "name the program, or check its id",
                                     status: ExitStatus.rejectedInput)
            }
            var definition = current.definition
            if let file {
                let defaults = ProgramDefaults(description: definition.description, category: definition.category,
                                               difficulty: definition.difficulty, progression: definition.progression,
                                               weeks: nil)
                definition = try await ProgramFile.read(file).definition(named: definition.name, file: file, defaults: defaults,
                                                                         names: names)
            }
            if let name { definition.name = name }
            if let description { definition.description = description.isEmpty ? nil : description }
            if let category { definition.category = category }
            if let difficulty { definition.difficulty = difficulty }
            try await session.execute(.updateProgram(programID: found.id, definition: definition))
            return Recorded("updated program \(found.id.uuidString) \"\(definition.name)\"",
                            [("programId", .id(found.id)), ("name", .string(definition.name))])
        }
    }
}
