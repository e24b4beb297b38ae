import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log workout remove-exercise`: takes an exercise, with its sets, out of the active workout.
struct WorkoutRemoveExerciseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-exercise",
        abstract: "Remove an exercise, with its sets, from the active workout.",
        discussion: """
            The exercise is named by its place in the workout (1 for the first, as \
            antrain-log show lists them) or by its name, when the workout holds it once. \
            Its sets go with it. A workout that ended is fixed set by set (correct-set, \
            remove-set).

            Examples:
              antrain-log workout remove-exercise "Barbell Bench Press"
              antrain-log workout remove-exercise 2
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The exercise: its place in the workout (1, 2, ...) or its name.", valueName: "exercise"))
    var exercise: String

    @OptionGroup var target: WorkoutTarget

    func run() async throws {
        try await RecordingSession.run(global, "workout remove-exercise") { session in
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            let contents = try await facts.contents(of: workoutID) ?? .init()
            let entryID = try EntryLookup.find(self.exercise, in: contents, names: session.names(facts))
            let exerciseID = contents.exercise(ofEntry: entryID)
            let name = try exerciseID.flatMap { try facts.library.exercise(id: $0)?.name } ?? "the exercise"
            let sets = contents.sets.count { $0.entryID == entryID }
            try await session.execute(.removeExercise(workoutID: workoutID, entryID: entryID))
            return Recorded("removed \(name) and its \(sets) set\(sets == 1 ? "" : "s") from workout \(workoutID.uuidString)",
                            [("entryId", .id(entryID)), ("workoutId", .id(workoutID)), ("setsRemoved", .integer(sets))])
        }
    }
}
