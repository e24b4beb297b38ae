import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log workout complete`: ends the active workout, its duration from its start.
struct WorkoutCompleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Complete the active workout.",
        discussion: """
            The workout ends at --at, else its start plus --duration, else now; its \
            duration is the time from its start to its end. The end comes after every set \
            of the workout, within a day of its start, and not after now. \
            A lifting workout needs at least one completed set; a cardio or metcon workout \
            needs a session logged into it. An exercise added and never given a set, or \
            whose planned sets were never done, is dropped from it as it completes (an \
            ExerciseRemovedFromWorkout in the log), and the answer names it: every exercise \
            of a finished workout has a set done.

            Examples:
              antrain-log workout complete
              antrain-log workout complete --at 2026-11-21T08:45
              antrain-log workout complete --duration 1h5m
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var target: WorkoutTarget

    @Option(name: .long, help: ArgumentHelp("When it ended: 08:45 (today), 2026-11-21T08:45, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("How long it lasted (1h5m, 50m): it ended that long after its start.", valueName: "duration"))
    var duration: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout complete") { session in
            let typedEnd = try at.map { try LocalTime.instant($0) }
            let given = try duration.map { try Quantities.seconds($0) }
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            let clock = try await WorkoutClock(workoutID, in: facts, now: Timestamp(Date()))
            // Only the active workout completes: the rules refuse any other in their own words.
            let (endedAt, seconds) = clock.status == .active ? try clock.ending(at: typedEnd, duration: given)
                : (typedEnd ?? clock.now, given ?? 0)
            let dropped = try await Self.exercisesWithNothingDone(of: workoutID, in: facts)
            try await session.execute(.completeWorkout(workoutID: workoutID, endedAt: endedAt, durationSeconds: seconds))
            let note = dropped.isEmpty ? "" : "; dropped " + dropped.map { "\"\($0.name)\" (\($0.why))" }.joined(separator: ", ")
            return Recorded("completed workout \(workoutID.uuidString) after \(Shown.duration(seconds))\(note)",
                            [("workoutId", .id(workoutID)), ("durationSeconds", .double(seconds)),
                             ("droppedExercises", .array(dropped.map { .string($0.name) }))])
        }
    }

    /// The exercises the completion drops (see the rules), each with why: no sets, or only
    /// planned sets never done.
    static func exercisesWithNothingDone(of workoutID: UUID, in facts: RecorderFacts) async throws -> [(name: String, why: String)] {
        guard try facts.workout(workoutID)?.type == .lifting, let contents = try await facts.contents(of: workoutID) else { return [] }
        return try contents.entriesWithNothingDone.map { entry in
            let planned = contents.sets.count { $0.entryID == entry.entryID }
            let why = planned == 0 ? "no sets" : "\(planned) planned set\(planned == 1 ? "" : "s") not done"
            return (try facts.library.exercise(id: entry.exerciseID)?.name ?? entry.exerciseID.uuidString, why)
        }
    }
}
