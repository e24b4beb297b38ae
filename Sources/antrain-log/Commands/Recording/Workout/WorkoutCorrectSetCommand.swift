import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout correct-set`: replaces what a logged set records.
struct WorkoutCorrectSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct-set",
        abstract: "Correct a logged set: what you give changes, the rest stays.",
        discussion: """
            The set is named by the id workout set printed, or its first characters; it may \
            be in the active workout or in one that ended. Without --workout it is looked \
            for in the active workout, then in the 200 latest workouts, newest first; a set \
            of an older workout needs --workout.

            Only what is given changes: --rpe 8 keeps the set's weight, reps and notes; a \
            bare count (6) changes the reps and keeps the weight. --done marks a planned set \
            as done, --planned the other way.

            Examples:
              antrain-log workout correct-set 3F2A9C1B 102.5kg x 5
              antrain-log workout correct-set 3F2A9C1B --rpe 8.5
              antrain-log workout correct-set 3F2A9C1B --time 75s
              antrain-log workout correct-set 3F2A9C1B --done
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The set's id, or its first characters.")
    var setID: String

    @OptionGroup var set: SetOptions

    @Option(name: .long, help: ArgumentHelp("Look for the set only in this workout (id or first characters).", valueName: "id"))
    var workout: String?

    @Flag(name: .long, help: "The set, planned before, is done.")
    var done = false

    func run() async throws {
        try await RecordingSession.run(global, "workout correct-set") { session in
            let facts = try await session.facts()
            let found = try await SetLookup.find(setID, in: facts, workout: workout, session: session,
                                                 ifAmount: "name the set first, then what it was: antrain-log workout correct-set SET 105kg x 5 "
                                                     + "(antrain-log show lists the sets' ids)")
            let units = try facts.units()
            guard let current = try await facts.performance(ofSet: found.setID, in: found.workoutID) else {
                throw CommandFailure(message: "set \(found.setID.uuidString) is no longer in workout \(found.workoutID.uuidString)",
                                     fix: "use the id antrain-log workout set printed; removed sets cannot change",
                                     status: .rejectedInput)
            }
            let performance = try set.corrected(current, done: done, weightUnit: units.weight, distanceUnit: units.distance)
            // A planned set done now carries the time it was done (a record it sets is dated then).
            let doneAt = !current.completed && performance.completed
                ? try await WorkoutClock(found.workoutID, in: facts, now: Timestamp(Date())).setTime(nil) : nil
            try await session.execute(.correctSet(workoutID: found.workoutID, setID: found.setID, performance: performance, doneAt: doneAt))
            return Recorded("corrected set \(found.setID.uuidString): \(Shown.performance(performance, distanceUnit: units.distance))",
                            [("setId", .id(found.setID)), ("workoutId", .id(found.workoutID))])
        }
    }
}
