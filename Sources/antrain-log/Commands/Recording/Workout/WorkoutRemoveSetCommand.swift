import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout remove-set`: takes a logged set out of its workout.
struct WorkoutRemoveSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-set",
        abstract: "Remove a logged set from its workout.",
        discussion: """
            The set is named by the id workout set printed, or its first characters. Without \
            --workout it is looked for in the active workout, then in the 200 latest \
            workouts, newest first; a set of an older workout needs --workout.

            Examples:
              antrain-log workout remove-set 3F2A9C1B
              antrain-log workout remove-set 3F2A9C1B --workout 77D0
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The set's id, or its first characters.")
    var setID: String

    @Option(name: .long, help: ArgumentHelp("Look for the set only in this workout (id or first characters).", valueName: "id"))
    var workout: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout remove-set") { session in
            let found = try await SetLookup.find(setID, in: try await session.facts(), workout: workout, session: session)
            try await session.execute(.removeSet(workoutID: found.workoutID, setID: found.setID))
            return Recorded("removed set \(found.setID.uuidString) from workout \(found.workoutID.uuidString)",
                            [("setId", .id(found.setID)), ("workoutId", .id(found.workoutID))])
        }
    }
}
