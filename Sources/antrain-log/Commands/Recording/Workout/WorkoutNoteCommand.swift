import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout note`: replaces a workout's notes.
struct WorkoutNoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Set the notes of a workout (they replace the old ones; \"\" clears them).",
        discussion: """
            Examples:
              antrain-log workout note "Felt strong; shoulder fine"
              antrain-log workout note "" --workout 3F2A9C1B
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The notes, at most 500 characters.")
    var notes: String

    @OptionGroup var target: WorkoutTarget

    func run() async throws {
        try await RecordingSession.run(global, "workout note") { session in
            let workoutID = try target.resolve(in: try await session.facts())
            try await session.execute(.changeWorkoutNotes(workoutID: workoutID, notes: notes))
            return Recorded(notes.isEmpty ? "cleared the notes of workout \(workoutID.uuidString)"
                                : "noted on workout \(workoutID.uuidString): \(notes)", [("workoutId", .id(workoutID))])
        }
    }
}
