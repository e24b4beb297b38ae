import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log workout done`: marks a planned set as done, the next one or the one named.
struct WorkoutDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a planned set as done: the next one of the workout, or the set named.",
        discussion: """
            A workout started from a template or a program day holds planned sets. Without \
            SET, the next planned set of the active workout (or --workout) is done: the \
            first not done yet, exercise by exercise in the workout's order. What is given \
            (--weight, --reps, --rpe, --time, --notes) replaces what was planned; the rest \
            stays. This is correct-set --done, one command per set.

            A figure not given is filled: the weight from the exercise's last done set in \
            this workout (the load stays on the bar), else the plan's; the reps or time from \
            the plan, else the last done set. Warm-ups fill warm-ups only. What neither gives \
            (a template plans no weight) is asked for, and nothing is recorded.

            The set takes the time it is done: --at, else now while the workout is live, \
            else (a past workout entered afterwards) the workout's last moment; a record it \
            sets is dated then, not at the plan's time. --at lies between the workout's start \
            and its end (now, while it is active), as workout set's does.

            Examples:
              antrain-log workout done --weight 100kg
              antrain-log workout done
              antrain-log workout done --weight 102.5kg --rpe 8
              antrain-log workout done 3F2A9C1B --reps 4
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The planned set's id, or its first characters; the next planned set when left out.")
    var setID: String?

    @Option(name: .long, help: "The load done: 100kg, 225lb, or a plain number in the weight unit setting; bw for bodyweight.")
    var weight: String?

    @Option(name: .long, help: "The repetitions done (1 to 999).")
    var reps: Int?

    @Option(name: .long, help: "How hard the set was, 1 to 10.")
    var rpe: Double?

    @Option(name: .long, help: ArgumentHelp("For timed exercises, the time done: 60s, 1m30s, 1:30.", valueName: "duration"))
    var time: String?

    @Option(name: .long, help: "A note on the set (at most 200 characters).")
    var notes: String?

    @Option(name: .long, help: ArgumentHelp("The workout: its id or first characters. Default: the active workout.", valueName: "id"))
    var workout: String?

    @Option(name: .long, help: ArgumentHelp("When it was done: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout done") { session in
            let typedAt = try at.map { try LocalTime.instant($0) }
            let facts = try await session.facts()
            let found: (workoutID: UUID, setID: UUID)
            if let setID {
                found = try await SetLookup.find(setID, in: facts, workout: workout, session: session,
                                                 ifAmount: "give what was done as options, e.g. antrain-log workout done --weight 105kg --reps 5 "
                                                     + "(the next planned set), or name the set first: workout done SET --weight 105kg")
            } else {
                found = try await Self.nextPlanned(in: try WorkoutTarget.resolve(workout, in: facts), facts: facts)
            }
            guard var performance = try await facts.performance(ofSet: found.setID, in: found.workoutID) else {
                throw CommandFailure(message: "set \(found.setID.uuidString) is no longer in workout \(found.workoutID.uuidString)",
                                     fix: "antrain-log show WORKOUT lists its sets", status: .rejectedInput)
            }
            guard !performance.completed else {
                throw CommandFailure(message: "set \(found.setID.uuidString) is done already",
                                     fix: "change what it records with antrain-log workout correct-set SET", status: .rejectedInput)
            }
            let units = try facts.units()
            if let weight { performance.weight = try SetOptions.load(weight, units.weight) }
            if let reps { performance.reps = reps }
            if let rpe { performance.rpe = rpe }
            if let time { performance.durationSeconds = try Quantities.seconds(time, what: "time") }
            if let notes { performance.notes = notes }
            performance.completed = true
            let contents = try await facts.contents(of: found.workoutID) ?? WorkoutContents()
            performance = try PlannedSetFigures(contents: contents, performances: try await facts.performances(in: found.workoutID),
                                                library: facts.library).filled(performance, setID: found.setID, typedWeight: weight != nil)
            // Counted before the correction: the facts read are those the rules check.
            let left = contents.sets.count { !$0.completed } - 1
            let doneAt = try await WorkoutClock(found.workoutID, in: facts, now: Timestamp(Date())).setTime(typedAt)
            try await session.execute(.correctSet(workoutID: found.workoutID, setID: found.setID, performance: performance, doneAt: doneAt))
            return Recorded("done set \(found.setID.uuidString): \(Shown.performance(performance, distanceUnit: units.distance)) "
                + "(\(left) planned set\(left == 1 ? "" : "s") left)",
                            [("setId", .id(found.setID)), ("workoutId", .id(found.workoutID)), ("plannedLeft", .integer(left))])
        }
    }

    /// The first set not done yet of the workout, exercise by exercise in its order, each
    /// exercise's sets in the order logged; refused when every set is done.
    static func nextPlanned(in workoutID: UUID, facts: RecorderFacts) async throws -> (workoutID: UUID, setID: UUID) {
        let contents = try await facts.contents(of: workoutID) ?? WorkoutContents()
        for entry in contents.entries {
            if let set = contents.sets.first(where: { $0.entryID == entry.entryID && !$0.completed }) {
                return (workoutID, set.setID)
            }
        }
        throw CommandFailure(message: "workout \(workoutID.uuidString) has no planned set left: every set is done",
                             fix: "log another with antrain-log workout set EXERCISE WEIGHT x REPS", status: .rejectedInput)
    }
}
