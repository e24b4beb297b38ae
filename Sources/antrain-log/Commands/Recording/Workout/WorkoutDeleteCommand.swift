import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout delete`: removes a workout from history.
struct WorkoutDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a workout from history (the id is required: there is no default).",
        discussion: """
            Examples:
              antrain-log workout delete 3F2A9C1B
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The workout's id, or its first characters.")
    var workout: String

    func run() async throws {
        try await RecordingSession.run(global, "workout delete") { session in
            let workoutID = try WorkoutTarget.resolve(workout, in: try await session.facts())
            try await session.execute(.deleteWorkout(workoutID: workoutID))
            return Recorded("deleted workout \(workoutID.uuidString)", [("workoutId", .id(workoutID))])
        }
    }
}
