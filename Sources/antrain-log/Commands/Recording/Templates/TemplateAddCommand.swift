import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log template add`: creates a template and prints its id.
struct TemplateAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a workout template and print its id.",
        discussion: """
            Each --item is a step, in order; exercises are named by name or id. Sets of reps \
            rest 90 s unless the step says otherwise (5x5/3m).

            Examples:
              antrain-log template add "Upper A" --item "Barbell Bench Press=5x5/3m" --item break=2m --item "Plank=60s"
              antrain-log template add "Legs" --file legs-items.json --notes "Heavy"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The template's name (1 to 100 characters).")
    var name: String

    @Option(name: .long, help: "Notes (at most 500 characters).")
    var notes: String?

    @OptionGroup var items: TemplateItems

    func validate() throws {
        guard !items.isEmpty else { throw ValidationError("A template needs steps: give --item \"EXERCISE=3x8\" (repeatable) or --file.") }
    }

    func run() async throws {
        try await RecordingSession.run(global, "template add") { session in
            let steps = try await items.resolve(try await session.names(), plainUnit: try await session.units().weight)
            let templateID = UUID()
            try await session.execute(.createTemplate(templateID: templateID, name: name, notes: notes, items: steps))
            return Recorded("added template \(templateID.uuidString) \"\(name)\" with \(steps.count) step(s)", [
                ("templateId", .id(templateID)), ("name", .string(name)), ("items", .integer(steps.count)),
            ])
        }
    }
}
