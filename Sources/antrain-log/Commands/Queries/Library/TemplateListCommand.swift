import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log template list`: the workout templates, with how long each takes.
struct TemplateListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the workout templates: their steps and estimated duration.",
        discussion: """
            Every template (presets and your own, not deleted) in the order they were added. \
            The estimated duration is the workout builder's: 3 seconds a rep plus the rest \
            after each set, a timed exercise's time once, and each break (template show \
            details it). --search keeps the templates whose name holds every word typed.

            JSON: an array of {"id", "name", "notes", "steps", "exercises", \
            "estimatedDurationSeconds", "isPreset"}; notes are omitted when there are none.

            Examples:
              antrain-log template list
              antrain-log template list --search day --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: ArgumentHelp("Words of its name, in any order and case.", valueName: "words"))
    var search: String?

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            Self.answer(try Library(store).templates(matching: search)).print(global.format)
        }
    }

    static func answer(_ templates: [LibraryTemplate]) -> QueryAnswer {
        var table = TextTable([.left("NAME"), .right("STEPS"), .right("EXERCISES"), .right("ESTIMATED"), .left("SOURCE")])
        var csv = CSVText(["id", "name", "steps", "exercises", "estimatedDurationSeconds", "isPreset"])
        var json: [JSONValue] = []
        for template in templates {
            let exercises = template.items.filter { $0.exerciseID != nil }.count
            table.add([template.name, String(template.items.count), String(exercises), Shown.duration(Double(template.estimatedDurationSeconds)),
                       template.isPreset ? "preset" : "your own"])
            csv.add([template.id.uuidString, template.name, String(template.items.count), String(exercises),
                     String(template.estimatedDurationSeconds), String(template.isPreset)])
            var object = JSONObjectBuilder()
            object.add("id", QueryJSON.id(template.id))
            object.add("name", .string(template.name))
            object.add("notes", ifPresent: template.notes.map { .string($0) })
            object.add("steps", .integer(template.items.count))
            object.add("exercises", .integer(exercises))
            object.add("estimatedDurationSeconds", .integer(template.estimatedDurationSeconds))
            object.add("isPreset", .bool(template.isPreset))
            json.append(object.value)
        }
        let count = "\(templates.count) template\(templates.count == 1 ? "" : "s")"
        return QueryAnswer(json: .array(json), text: table.isEmpty ? ["no template matches"] : table.lines + ["", count], csv: csv)
    }
}
