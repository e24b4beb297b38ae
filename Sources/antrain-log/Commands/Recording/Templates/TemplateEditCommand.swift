import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log template edit`: renames a template, or replaces its notes or steps.
struct TemplateEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a template: --item steps replace all of its steps; what is left out stays.",
        discussion: """
            Examples:
              antrain-log template edit "Upper A" --name "Upper B"
              antrain-log template edit "Upper B" --item "Barbell Bench Press=5x3/3m" --item "Dips=3x10"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The template: its name or id.")
    var template: String

    @Option(name: .long, help: "A new name (1 to 100 characters).")
    var name: String?

    @Option(name: .long, help: "New notes (\"\" removes them).")
    var notes: String?

    @OptionGroup var items: TemplateItems

    func run() async throws {
        try await RecordingSession.run(global, "template edit") { session in
            let names = try await session.names()
            let found = try await names.template(template)
            let current = try LibraryNames.existing(names.library.template(id: found.id), found, .template)
            let steps = items.isEmpty ? current.items : try await items.resolve(names, plainUnit: try await session.units().weight)
            let newName = name ?? current.name
            let newNotes = notes.map { $0.isEmpty ? nil : $0 } ?? current.notes
            try await session.execute(.updateTemplate(templateID: found.id, name: newName, notes: newNotes, items: steps))
            return Recorded("updated template \(found.id.uuidString) \"\(newName)\"", [("templateId", .id(found.id)), ("name", .string(newName))])
        }
    }
}
