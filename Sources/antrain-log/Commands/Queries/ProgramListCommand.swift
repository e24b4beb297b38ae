import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log program list`: the programs of the library, presets and your own, by category.
struct ProgramListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the programs, presets and your own, grouped by category.",
        discussion: """
            Every program that is not deleted, grouped by category (powerlifting, \
            bodybuilding, strengthTraining, crossfit, generalFitness, sportSpecific, \
            endurance, custom), presets first in each, then the order they were added. \
            program show NAME gives one program's weeks and days.

            JSON: an array of {"id", "name", "category", "difficulty", "progression", \
            "durationWeeks", "daysPerWeek", "isPreset", "copiedFrom"}; copiedFrom (the id of \
            the program it was copied from) is omitted for programs that are not copies.

            Examples:
              antrain-log program list
              antrain-log program list --category powerlifting --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: ArgumentHelp("Only this category: powerlifting, bodybuilding, strengthTraining, crossfit, "
                                            + "generalFitness, sportSpecific, endurance or custom.", valueName: "category"))
    var category: ProgramCategory?

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let programs = try Library(store).allPrograms().filter { category == nil || $0.definition.category == category }
            Self.answer(Self.grouped(programs)).print(global.format)
        }
    }

    /// `programs` by category, in the order the categories are declared; presets first
    /// within a category, then in the order they were added.
    static func grouped(_ programs: [LibraryProgram]) -> [LibraryProgram] {
        ProgramCategory.allCases.flatMap { category in
            let inCategory = programs.filter { $0.definition.category == category }
            return inCategory.filter(\.isPreset) + inCategory.filter { !$0.isPreset }
        }
    }

    /// The most training days any week of the program has.
    static func daysPerWeek(_ program: LibraryProgram) -> Int {
        program.definition.weeks.map(\.days.count).max() ?? 0
    }

    static func answer(_ programs: [LibraryProgram]) -> QueryAnswer {
        var table = TextTable([.left("CATEGORY"), .left("NAME"), .left("DIFFICULTY"), .right("WEEKS"), .right("DAYS/WEEK"),
                               .left("PROGRESSION"), .left("SOURCE")])
        var csv = CSVText(["id", "name", "category", "difficulty", "progression", "durationWeeks", "daysPerWeek", "isPreset", "copiedFrom"])
        var json: [JSONValue] = []
        var previous: ProgramCategory?
        for program in programs {
            let definition = program.definition
            let source = program.isPreset ? "preset" : program.copiedFrom == nil ? "your own" : "your copy"
            // The category is written once, on the first row of its group.
            table.add([previous == definition.category ? "" : DisplayText.words(definition.category), definition.name,
                       DisplayText.words(definition.difficulty), String(definition.durationWeeks), String(daysPerWeek(program)),
                       DisplayText.words(definition.progression), source])
            previous = definition.category
            csv.add([program.id.uuidString, definition.name, definition.category.rawValue, definition.difficulty.rawValue,
                     definition.progression.rawValue, String(definition.durationWeeks), String(daysPerWeek(program)),
                     String(program.isPreset), program.copiedFrom?.uuidString ?? ""])
            var object = JSONObjectBuilder()
            object.add("id", QueryJSON.id(program.id))
            object.add("name", .string(definition.name))
            object.add("category", .string(definition.category.rawValue))
            object.add("difficulty", .string(definition.difficulty.rawValue))
            object.add("progression", .string(definition.progression.rawValue))
            object.add("durationWeeks", .integer(definition.durationWeeks))
            object.add("daysPerWeek", .integer(daysPerWeek(program)))
            object.add("isPreset", .bool(program.isPreset))
            object.add("copiedFrom", ifPresent: program.copiedFrom.map(QueryJSON.id))
            json.append(object.value)
        }
        let count = "\(programs.count) program\(programs.count == 1 ? "" : "s")"
        return QueryAnswer(json: .array(json), text: table.isEmpty ? ["no program matches"] : table.lines + ["", count], csv: csv)
    }
}
