import ArgumentParser
import Foundation

/// `antrain-log exercise delete`: removes an exercise you made from the library.
struct ExerciseDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an exercise you made (presets stay); workouts that used it keep it.",
        discussion: """
            Examples:
              antrain-log exercise delete "Landmine Press"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise: its name or id.")
    var exercise: String

    func run() async throws {
        try await RecordingSession.run(global, "exercise delete") { session in
            let found = try await session.names().exercise(exercise)
            try await session.execute(.deleteExercise(exerciseID: found.id))
            return Recorded("deleted exercise \(found.id.uuidString) \"\(found.name)\"", [("exerciseId", .id(found.id))])
        }
    }
}
