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
            when it is not in it yet, and later sets of it go under the same entry. A name \
            the library does not hold exactly is looked for among the workout's exercises \
            first ("bench" in a workout with one bench press), then in the library; OHP, RDL, \
            DB and BB are read as overhead press, romanian deadlift, dumbbell and barbell. A plain \
            weight is in the weight unit setting (antrain-log settings).

            In a workout started from a template or a program day, the set fills the \
            exercise's next planned set (its id stays; what is typed replaces the plan, the \
            rest time kept when not typed); --planned adds a planned set instead. A warm-up \
            fills only a planned warm-up: one before the work is added beside the plan.

            A set's time (--at) lies between its workout's start and its end (now, while it \
            is active), never in the future. Without --at a set is timed now while the \
            workout is live (a set within an hour of its last set, or of its start); in a \
            workout entered afterwards it takes the time of the workout's last set, else its \
            start, so its records fall on the workout's day.

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

    @Argument(help: "The exercise: its name or id.", completion: NameCompletion.exercises)
    var exercise: String

    @OptionGroup var set: SetOptions

    @OptionGroup var target: WorkoutTarget

    @Option(name: .long, help: ArgumentHelp("When it was done: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout set") { session in
            let typedAt = try at.map { try LocalTime.instant($0) }
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            if at == nil, let ended = try facts.workout(workoutID), ended.status == .completed {
                throw CommandFailure(message: "workout \(workoutID.uuidString) is completed; a set forgotten in it needs the time it was done",
                                     fix: "add --at with a time between its start and end, like --at 2026-11-21T07:50",
                                     status: .rejectedInput)
            }
            // Checked before the exercise and the plan, so that a time outside the workout is
            // named whatever else the command holds.
            let loggedAt = try await WorkoutClock(workoutID, in: facts, now: Timestamp(Date())).setTime(typedAt)
            let contents = try await facts.contents(of: workoutID)
            // A name the library holds exactly is that exercise; else the workout is where the
            // person looks, so "bench" in a workout with one bench press is that one (as
            // remove-exercise reads it); else the library decides, with its messages.
            let names = session.names(facts)
            var held = try names.exactExercise(self.exercise)
            if held == nil, let contents { held = try EntryLookup.workoutExercise(self.exercise, in: contents, names: names) }
            let exercise: LibraryNames.Found
            if let held { exercise = held } else { exercise = try await names.exercise(self.exercise) }
            let units = try facts.units()
            var performance = try set.performance(weightUnit: units.weight, distanceUnit: units.distance)
            let active = try facts.workout(workoutID)?.status == .active
            var plannedSets: [UUID: SetPerformance] = [:]
            if active, !set.planned, contents?.sets.contains(where: { !$0.completed }) == true {
                plannedSets = try await facts.performances(in: workoutID)
            }
            if let contents, let planned = Self.nextPlanned(of: exercise.id, like: performance, in: contents, plannedSets) {
                // A workout started from a plan: the set done is the exercise's next planned one,
                // and it takes the time it was done (SetCorrected's doneAt).
                if performance.restSeconds == nil { performance.restSeconds = plannedSets[planned.setID]?.restSeconds }
                try await session.execute(.correctSet(workoutID: workoutID, setID: planned.setID, performance: performance,
                                                      doneAt: loggedAt))
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
            // A warm-up beside a plan leaves it whole: say so, since a working set would have filled it.
            let left = contents.map { contents in contents.sets.count { !$0.completed } } ?? 0
            let beside = performance.setType == .warmup && active && !set.planned && left > 0
                ? ", a warm-up beside the plan (\(left) planned set\(left == 1 ? "" : "s") left)" : ""
            return Recorded("logged set \(setID.uuidString): \(exercise.name) \(Shown.performance(performance, distanceUnit: units.distance)) "
                + "in workout \(workoutID.uuidString)\(beside)", [
                    ("setId", .id(setID)), ("workoutId", .id(workoutID)), ("entryId", .id(entryID)), ("exerciseId", .id(exercise.id)),
                ])
        }
    }

    /// The first set of `exerciseID` not done yet, entry by entry in the workout's order, that
    /// a set like `typed` fills: a warm-up fills only a planned warm-up and a working set only
    /// a planned working set, so a warm-up before the work is added beside the plan rather
    /// than using up one of its sets. `planned` holds the workout's sets' figures (empty when
    /// no set is to be filled: a set added with --planned, or to a workout not active).
    static func nextPlanned(of exerciseID: UUID, like typed: SetPerformance, in contents: WorkoutContents,
                            _ planned: [UUID: SetPerformance]) -> WorkoutContents.LoggedSet? {
        let warmUp = typed.setType == .warmup
        for entry in contents.entries where entry.exerciseID == exerciseID {
            if let set = contents.sets.first(where: { set in
                set.entryID == entry.entryID && !set.completed && planned[set.setID].map { ($0.setType == .warmup) == warmUp } == true
            }) { return set }
        }
        return nil
    }
}
