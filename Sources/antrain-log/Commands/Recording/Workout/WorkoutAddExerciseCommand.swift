import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout add-exercise`: puts an exercise in the workout before its first set.
struct WorkoutAddExerciseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-exercise",
        abstract: "Add an exercise to the active workout, after the others.",
        discussion: """
            Not needed before logging sets (workout set adds the exercise); useful to plan \
            the order, or to add the same exercise a second time as its own block.

            Examples:
              antrain-log workout add-exercise "Barbell Bench Press"
              antrain-log workout add-exercise "Overhead Press" --workout 3F2A9C1B
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise: its name or id.")
    var exercise: String

    @OptionGroup var target: WorkoutTarget

    func run() async throws {
        try await RecordingSession.run(global, "workout add-exercise") { session in
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            let exercise = try await session.names(facts).exercise(self.exercise)
            let entryID = UUID()
            try await session.execute(.addExercise(workoutID: workoutID, entryID: entryID, exerciseID: exercise.id))
            return Recorded("added \(exercise.name) to workout \(workoutID.uuidString)",
                            [("entryId", .id(entryID)), ("workoutId", .id(workoutID)), ("exerciseId", .id(exercise.id))])
        }
    }
}
