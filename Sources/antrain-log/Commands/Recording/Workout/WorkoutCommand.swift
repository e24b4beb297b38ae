import ArgumentParser

/// `antrain-log workout`: a live workout, set by set, from start to complete.
struct WorkoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout",
        abstract: "Record a workout as it happens: start, add sets, complete.",
        discussion: """
            At most one workout is active. Commands that change a workout act on the active \
            one unless --workout names another (its id, or the first characters of it).

            Examples:
              antrain-log workout start --name "Push day"
              antrain-log workout start --template "Push Day"    # then: antrain-log workout done
              antrain-log workout set "Barbell Bench Press" 100kg x 5 --rpe 8
              antrain-log workout set "Plank" --time 60s
              antrain-log workout complete
            """,
        subcommands: [
            WorkoutStartCommand.self, WorkoutAddExerciseCommand.self, WorkoutRemoveExerciseCommand.self,
            WorkoutReorderCommand.self, WorkoutSetCommand.self, WorkoutDoneCommand.self,
            WorkoutCorrectSetCommand.self, WorkoutRemoveSetCommand.self, WorkoutNoteCommand.self,
            WorkoutRPECommand.self, WorkoutCompleteCommand.self, WorkoutCancelCommand.self,
            WorkoutDeleteCommand.self,
        ]
    )
}
