import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log workout set`: logs one set and prints its id.
struct WorkoutSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Log a set of an exercise in the active workout and print the set's id.",
        discussion: """
            The exercise is named by its name (any case) or id; it is added to the workout \
            when it is not in it yet, and later sets of it go under the same entry. A plain \
            weight is in the weight unit setting (antrain-log settings).

            A set forgotten in a workout that was completed is added with --workout and the \
            time it was done (--at, between the workout's start and end); history, show, \
            records and stats then count it.

            Examples:
              antrain-log workout set "Bench Press" 100kg x 5 --rpe 8
              antrain-log workout set "bench press" --weight 225lb --reps 3
              antrain-log workout set "Pull-up" bw x 12 --type failure
              antrain-log workout set Plank --time 60s --workout 3F2A9C1B
              antrain-log workout set "Bench Press" 100kg x 5 --workout 3F2A9C1B --at 2026-11-21T07:50
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise: its name or id.")
    var exercise: String

    @OptionGroup var set: SetOptions

    @OptionGroup var target: WorkoutTarget

    @Option(name: .long, help: ArgumentHelp("When it was done: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout set") { session in
            let loggedAt = try LocalTime.instant(at)
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            if at == nil, let ended = try facts.workout(workoutID), ended.status == .completed {
                throw CommandFailure(message: "workout \(workoutID.uuidString) is completed; a set forgotten in it needs the time it was done",
                                     fix: "add --at with a time between its start and end, like --at 2026-11-21T07:50",
                                     status: ExitStatus.rejectedInput)
            }
            let exercise = try await session.names(facts).exercise(self.exercise)
            let units = try facts.units()
            let performance = try set.performance(weightUnit: units.weight, distanceUnit: units.distance)
            // Sets of an exercise already in the workout join its last entry, so they show as one block.
            let entryID = try await facts.contents(of: workoutID)?.lastEntry(of: exercise.id) ?? UUID()
            let setID = UUID()
            try await session.execute(.logSet(workoutID: workoutID, entryID: entryID, exerciseID: exercise.id, setID: setID,
                                              performance: performance, at: loggedAt))
            return Recorded("logged set \(setID.uuidString): \(exercise.name) \(Shown.performance(performance, distanceUnit: units.distance)) "
                + "in workout \(workoutID.uuidString)", [
                    ("setId", .id(setID)), ("workoutId", .id(workoutID)), ("entryId", .id(entryID)), ("exerciseId", .id(exercise.id)),
                ])
        }
    }
}
