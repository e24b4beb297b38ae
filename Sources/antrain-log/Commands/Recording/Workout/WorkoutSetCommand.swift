import AntrainEvents
import AntrainJSON
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

            In a workout started from a template or a program day, the set fills the \
            exercise's next planned set (its id stays; what is typed replaces the plan, the \
            rest time kept when not typed); --planned adds a planned set instead.

            A set forgotten in a workout that was completed is added with --workout and the \
            time it was done (--at, between the workout's start and end); history, show, \
            records and stats then count it.

            Examples:
              antrain-log workout set "Barbell Bench Press" 100kg x 5 --rpe 8
              antrain-log workout set "barbell bench press" --weight 225lb --reps 3
              antrain-log workout set "Pull-up" bw x 12 --type failure
              antrain-log workout set Plank --time 60s --workout 3F2A9C1B
              antrain-log workout set "Barbell Bench Press" 100kg x 5 --workout 3F2A9C1B --at 2026-11-21T07:50
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
                                     status: .rejectedInput)
            }
            try await Self.requireWithinCompleted(workoutID, at: loggedAt, in: facts)
            let exercise = try await session.names(facts).exercise(self.exercise)
            let units = try facts.units()
            var performance = try set.performance(weightUnit: units.weight, distanceUnit: units.distance)
            let contents = try await facts.contents(of: workoutID)
            if !set.planned, try facts.workout(workoutID)?.status == .active, let contents,
               let planned = Self.nextPlanned(of: exercise.id, in: contents) {
                // A workout started from a plan: the set done is the exercise's next planned one.
                // Its time is the plan's (a correction carries none), so a time typed would be
                // lost: refused rather than dropped unsaid.
                if at != nil {
                    throw CommandFailure(message: "--at cannot be kept: this set fills \(exercise.name)'s next planned set, "
                        + "which keeps the time the plan was made at",
                                         fix: "leave out --at to mark the planned set done, or add a set of its own with --planned "
                        + "and then antrain-log workout done SET", status: .rejectedInput)
                }
                if performance.restSeconds == nil {
                    performance.restSeconds = try await facts.performance(ofSet: planned.setID, in: workoutID)?.restSeconds
                }
                try await session.execute(.correctSet(workoutID: workoutID, setID: planned.setID, performance: performance))
                let left = contents.sets.count { !$0.completed } - 1
                return Recorded("logged set \(planned.setID.uuidString): \(exercise.name) "
                    + "\(Shown.performance(performance, distanceUnit: units.distance)) in workout \(workoutID.uuidString), "
                    + "the planned set (\(left) planned set\(left == 1 ? "" : "s") left)", [
                        ("setId", .id(planned.setID)), ("workoutId", .id(workoutID)), ("entryId", .id(planned.entryID)),
                        ("exerciseId", .id(exercise.id)), ("filledPlannedSet", .bool(true)),
                    ])
            }
            // Sets of an exercise already in the workout join its last entry, so they show as one block.
            let entryID = contents?.lastEntry(of: exercise.id) ?? UUID()
            let setID = UUID()
            try await session.execute(.logSet(workoutID: workoutID, entryID: entryID, exerciseID: exercise.id, setID: setID,
                                              performance: performance, at: loggedAt))
            return Recorded("logged set \(setID.uuidString): \(exercise.name) \(Shown.performance(performance, distanceUnit: units.distance)) "
                + "in workout \(workoutID.uuidString)", [
                    ("setId", .id(setID)), ("workoutId", .id(workoutID)), ("entryId", .id(entryID)), ("exerciseId", .id(exercise.id)),
                ])
        }
    }

    /// The first set of `exerciseID` not done yet, entry by entry in the workout's order.
    static func nextPlanned(of exerciseID: UUID, in contents: WorkoutContents) -> WorkoutContents.LoggedSet? {
        for entry in contents.entries where entry.exerciseID == exerciseID {
            if let set = contents.sets.first(where: { $0.entryID == entry.entryID && !$0.completed }) { return set }
        }
        return nil
    }

    /// A set forgotten in a completed workout goes in only at a time within it. The rules refuse
    /// any other time too, in UTC as the library speaks; this says it in the user's local time.
    static func requireWithinCompleted(_ workoutID: UUID, at: Timestamp, in facts: RecorderFacts) async throws {
        guard try facts.workout(workoutID)?.status == .completed, let span = try await facts.span(of: workoutID),
              at < span.start || at > span.end else { return }
        throw CommandFailure(message: "workout \(workoutID.uuidString) is completed and ran from \(TimeText.local(span.start.date)) "
            + "to \(TimeText.local(span.end.date)); a forgotten set is added with a time within it, not \(TimeText.local(at.date))",
                             fix: "give --at a time between its start and its end", status: .rejectedInput)
    }
}
