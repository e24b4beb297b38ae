import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log exercise edit`: changes parts of an exercise's definition.
struct ExerciseEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an exercise: the options given replace those values, the rest stay.",
        discussion: """
            Examples:
              antrain-log exercise edit "Landmine Press" --name "Half-kneeling Landmine Press"
              antrain-log exercise edit "Barbell Bench Press" --muscles chest,triceps,shoulders --video youtu.be/rT7DgCr-3pg
              antrain-log exercise edit "Landmine Press" --category Push --category Mobility
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise: its name or id.")
    var exercise: String

    @Option(name: .long, help: "A new name (1 to 100 characters).")
    var name: String?

    @OptionGroup var fields: ExerciseFields

    func run() async throws {
        try await RecordingSession.run(global, "exercise edit") { session in
            let names = try await session.names()
            let found = try await names.exercise(exercise)
            let current = try LibraryNames.existing(names.library.exercise(id: found.id), found, .exercise)
            var definition = try fields.applied(to: current.definition, in: names.library)
            if let name { definition.name = name }
            try await session.execute(.updateExercise(exerciseID: found.id, definition: definition))
            return Recorded("updated exercise \(found.id.uuidString) \"\(definition.name)\"", [
                ("exerciseId", .id(found.id)), ("name", .string(definition.name)),
            ])
        }
    }
}
