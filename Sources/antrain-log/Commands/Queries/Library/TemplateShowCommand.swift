import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log template show NAME`: a template's steps and how long it takes.
struct TemplateShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a template: each step with its sets, reps, rest, time or break, and the estimated duration.",
        discussion: """
            TEMPLATE is a name (any case) or an id; a name that matches nothing exits 65 with \
            the closest names. The estimate is the workout builder's: a step of sets takes \
            sets × (reps × 3 s + rest), the rest after the last set included; a timed step its \
            time, once; a break its length. Warm-ups and changing weights are not counted.

            JSON: one object {"id", "name", "notes", "isPreset", "estimatedDurationSeconds", \
            "programs" (the names of the programs using it), "steps": [{"position", "kind" \
            ("exercise" or "break"), "exercise", "exerciseId", "target" ("repetitions" or \
            "time"), "sets", "repsPerSet", "restSeconds", "durationSeconds", \
            "estimatedSeconds"}]}; fields without a value are omitted. CSV: one row per step.

            Examples:
              antrain-log template show "Push Day"
              antrain-log template show "conditioning circuit" --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("The template: its name (any case) or id.", valueName: "template"), completion: NameCompletion.templates)
    var template: String

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let library = Library(store)
            let id = try await LibraryNames(library: library).template(template).id
            guard let found = try library.template(id: id) else {
                throw CommandFailure(message: "the library has no template \(id.uuidString)",
                                     fix: "antrain-log template list shows the templates; name one of them", status: .rejectedInput)
            }
            // One key per exercise the steps name, and the programs' list for "used by".
            var names: [UUID: String] = [:]
            for exerciseID in found.exerciseIDs { names[exerciseID] = try library.exercise(id: exerciseID)?.name }
            let programs = try library.programs(using: id).map(\.name)
            Self.answer(found, exerciseNames: names, programs: programs).print(global.format)
        }
    }

    static func answer(_ template: LibraryTemplate, exerciseNames: [UUID: String], programs: [String]) -> QueryAnswer {
        var block = KeyValueBlock()
        block.add("template", template.name + (template.isDeleted ? " (deleted)" : ""))
        block.add("id", template.id.uuidString)
        block.add("source", template.isPreset ? "preset" : "your own")
        block.add("notes", template.notes)
        block.add("used by", programs.isEmpty ? nil : programs.joined(separator: ", "))
        block.add("estimated", Shown.duration(Double(template.estimatedDurationSeconds)))
        var table = TextTable([.right("#"), .left("STEP"), .right("SETS"), .right("REPS"), .right("WEIGHT"), .right("REST"), .right("TIME"),
                               .right("ESTIMATED")])
        var csv = CSVText(["position", "kind", "exercise", "exerciseId", "target", "sets", "repsPerSet", "restSeconds", "durationSeconds",
                           "estimatedSeconds", "weightKg"])
        var steps: [JSONValue] = []
        for item in template.items.sorted(by: { $0.position < $1.position }) {
            var object = JSONObjectBuilder()
            object.add("position", .integer(item.position))
            let estimate = Shown.duration(Double(item.estimatedSeconds))
            switch item {
            case let .exercise(position, exerciseID, target):
                let name = exerciseNames[exerciseID] ?? "Unknown exercise"
                object.add("kind", .string("exercise"))
                object.add("exercise", .string(name))
                object.add("exerciseId", QueryJSON.id(exerciseID))
                switch target {
                case let .repetitions(sets, reps, rest, weight):
                    object.add("target", .string("repetitions"))
                    object.add("sets", .integer(sets))
                    object.add("repsPerSet", .integer(reps))
                    object.add("restSeconds", .integer(rest))
                    object.add("weight", ifPresent: weight.map { .object([("value", QueryJSON.number($0.value)), ("unit", .string($0.unit.rawValue))]) })
                    object.add("weightKg", ifPresent: weight.map { QueryJSON.number($0.kilograms) })
                    table.add([String(position), name, String(sets), String(reps), weight.map { "\($0)" } ?? "", Shown.duration(Double(rest)), "",
                               estimate])
                    csv.add([String(position), "exercise", name, exerciseID.uuidString, "repetitions", String(sets), String(reps),
                             String(rest), "", String(item.estimatedSeconds), weight.map { DisplayText.number($0.kilograms, decimals: 6) } ?? ""])
                case let .time(seconds):
                    object.add("target", .string("time"))
                    object.add("durationSeconds", .integer(seconds))
                    table.add([String(position), name, "", "", "", "", Shown.duration(Double(seconds)), estimate])
                    csv.add([String(position), "exercise", name, exerciseID.uuidString, "time", "", "", "", String(seconds),
                             String(item.estimatedSeconds), ""])
                }
            case let .break(position, seconds):
                object.add("kind", .string("break"))
                object.add("durationSeconds", .integer(seconds))
                table.add([String(position), "break", "", "", "", "", Shown.duration(Double(seconds)), estimate])
                csv.add([String(position), "break", "", "", "", "", "", "", String(seconds), String(item.estimatedSeconds), ""])
            }
            object.add("estimatedSeconds", .integer(item.estimatedSeconds))
            steps.append(object.value)
        }
        var json = JSONObjectBuilder()
        json.add("id", QueryJSON.id(template.id))
        json.add("name", .string(template.name))
        json.add("notes", ifPresent: template.notes.map { .string($0) })
        json.add("isPreset", .bool(template.isPreset))
        json.add("estimatedDurationSeconds", .integer(template.estimatedDurationSeconds))
        json.add("programs", .array(programs.map { .string($0) }))
        json.add("steps", .array(steps))
        return QueryAnswer(json: json.value, text: block.lines + [""] + table.lines, csv: csv)
    }
}
