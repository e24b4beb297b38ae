import ArgumentParser
import Foundation

/// `antrain-log template delete`: removes a template no program uses.
struct TemplateDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a template; refused while a program uses it (the message names them).",
        discussion: """
            Examples:
              antrain-log template delete "Upper A"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The template: its name or id.")
    var template: String

    func run() async throws {
        try await RecordingSession.run(global, "template delete") { session in
            let found = try await session.names().template(template)
            try await session.execute(.deleteTemplate(templateID: found.id))
            return Recorded("deleted template \(found.id.uuidString) \"\(found.name)\"", [("templateId", .id(found.id))])
        }
    }
}
