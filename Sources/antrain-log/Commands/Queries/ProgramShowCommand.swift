import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log program show PROGRAM`: a program's plan, week by week and day by day.
struct ProgramShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a program's weeks and days: modifiers, deloads, templates, suggested RPE and notes.",
        discussion: """
            Each week shows its intensity and volume modifiers, whether it is a deload, and its \\
            notes; each training day its weekday, template, the intensity and volume it is done \\
            at (its override, else the week's), its suggested RPE and its notes.

            JSON: one object {"id", "name", "description", "category", "difficulty", \\
            "progression", "durationWeeks", "preset", "weeks": [{"number", "name", "phase", \\
            "notes", "intensityModifier", "volumeModifier", "deload", "days": [{"dayOfWeek", \\
            "weekday", "name", "template", "templateId", "intensity", "volume", "suggestedRPE", \\
            "notes"}]}]}; fields without a value are omitted. CSV: a row per training day.

            Examples:
              antrain-log program show "Beginner Linear Strength"
              antrain-log program show "My split" --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: "The program: its name or id.")
    var program: String

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let library = Library(store)
            let found = try await LibraryNames(library: library).program(program)
            guard let item = try library.program(id: found.id), !item.isDeleted else {
                throw CommandFailure(message: "no program has the id \(found.id.uuidString)",
                                     fix: "name the program as the library spells it, or copy its id", status: .rejectedInput)
            }
            let templates = Dictionary(try library.allTemplates(includingDeleted: true).map { ($0.id, $0.name) }) { first, _ in first }
            Self.answer(item, templates: templates).print(global.format)
        }
    }

    static func answer(_ program: LibraryProgram, templates: [UUID: String]) -> QueryAnswer {
        let plain = ProgramStatusCommand.plain
        let definition = program.definition
        var block = KeyValueBlock()
        block.add("program", definition.name)
        block.add("about", definition.description)
        block.add("kind", "\(DisplayText.words(definition.category)), \(DisplayText.words(definition.difficulty)), \(DisplayText.words(definition.progression))")
        block.add("runs", "\(definition.durationWeeks) week(s)" + (program.isPreset ? " (a preset)" : ""))
        var table = TextTable([.left("WEEK"), .left("DAY"), .left("NAME"), .left("TEMPLATE"), .right("INTENSITY"), .right("VOLUME"),
                               .right("RPE"), .left("NOTES")])
        var csv = CSVText(["week", "dayOfWeek", "weekday", "name", "template", "intensity", "volume", "deload", "suggestedRPE", "notes"])
        var weeks: [JSONValue] = []
        for week in definition.weeks.sorted(by: { $0.number < $1.number }) {
            let title = [week.name, week.phase, week.isDeload ? "deload" : nil].compactMap { $0 }.joined(separator: ", ")
            table.add(["\(week.number)", "", title, "", plain(week.intensityModifier), plain(week.volumeModifier), "", week.notes ?? ""])
            var days: [JSONValue] = []
            for day in week.days.sorted(by: { $0.dayOfWeek < $1.dayOfWeek }) {
                let template = day.templateID.map { templates[$0] ?? $0.uuidString }
                let intensity = day.intensityOverride ?? week.intensityModifier
                let volume = day.volumeOverride ?? week.volumeModifier
                table.add(["", ProgramDays.name(day.dayOfWeek), day.name, template ?? "-", plain(intensity), plain(volume),
                           day.suggestedRPE.map(plain) ?? "-", day.notes ?? ""])
                csv.add([String(week.number), String(day.dayOfWeek), ProgramDays.name(day.dayOfWeek), day.name, template ?? "",
                         plain(intensity), plain(volume), String(week.isDeload), day.suggestedRPE.map(plain) ?? "", day.notes ?? ""])
                var object = JSONObjectBuilder()
                object.add("dayOfWeek", .integer(day.dayOfWeek))
                object.add("weekday", .string(ProgramDays.name(day.dayOfWeek)))
                object.add("name", .string(day.name))
                object.add("template", ifPresent: template.map { .string($0) })
                object.add("templateId", ifPresent: day.templateID.map(QueryJSON.id))
                object.add("intensity", QueryJSON.number(intensity))
                object.add("volume", QueryJSON.number(volume))
                object.add("suggestedRPE", ifPresent: day.suggestedRPE.map { QueryJSON.number($0) })
                object.add("notes", ifPresent: day.notes.map { .string($0) })
                days.append(object.value)
            }
            var object = JSONObjectBuilder()
            object.add("number", .integer(week.number))
            object.add("name", ifPresent: week.name.map { .string($0) })
            object.add("phase", ifPresent: week.phase.map { .string($0) })
            object.add("notes", ifPresent: week.notes.map { .string($0) })
            object.add("intensityModifier", QueryJSON.number(week.intensityModifier))
            object.add("volumeModifier", QueryJSON.number(week.volumeModifier))
            object.add("deload", .bool(week.isDeload))
            object.add("days", .array(days))
            weeks.append(object.value)
        }
        var json = JSONObjectBuilder()
        json.add("id", QueryJSON.id(program.id))
        json.add("name", .string(definition.name))
        json.add("description", ifPresent: definition.description.map { .string($0) })
        json.add("category", .string(definition.category.rawValue))
        json.add("difficulty", .string(definition.difficulty.rawValue))
        json.add("progression", .string(definition.progression.rawValue))
        json.add("durationWeeks", .integer(definition.durationWeeks))
        json.add("preset", .bool(program.isPreset))
        json.add("weeks", .array(weeks))
        return QueryAnswer(json: json.value, text: block.lines + [""] + table.lines, csv: csv)
    }
}
