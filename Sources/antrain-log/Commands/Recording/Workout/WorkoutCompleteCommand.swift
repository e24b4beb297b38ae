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
            The duration is the time since the workout started, unless --duration gives it. \
            A lifting workout needs at least one completed set. An exercise added and never \
            given a set is dropped from it as it completes (an ExerciseRemovedFromWorkout \
            in the log): every exercise of a finished workout has a set.

            Examples:
              antrain-log workout complete
              antrain-log workout complete --at 08:45
              antrain-log workout complete --duration 1h5m
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var target: WorkoutTarget

    @Option(name: .long, help: ArgumentHelp("When it ended: 08:45 (today), 2026-11-21T08:45, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("How long it lasted (1h5m, 50m), instead of the time since its start.", valueName: "duration"))
    var duration: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout complete") { session in
            let endedAt = try LocalTime.instant(at)
            let given = try duration.map { try Quantities.seconds($0) }
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            var seconds = given ?? 0
            if given == nil { seconds = try await Self.secondsSinceStart(of: workoutID, until: endedAt, in: facts) }
            let dropped = try await Self.exercisesWithoutSets(of: workoutID, in: facts)
            try await session.execute(.completeWorkout(workoutID: workoutID, endedAt: endedAt, durationSeconds: seconds))
            let note = dropped.isEmpty ? "" : "; dropped \(dropped.map { "\"\($0)\"" }.joined(separator: ", ")) (no sets)"
            return Recorded("completed workout \(workoutID.uuidString) after \(Shown.duration(seconds))\(note)",
                            [("workoutId", .id(workoutID)), ("durationSeconds", .double(seconds)),
                             ("droppedExercises", .array(dropped.map { .string($0) }))])
        }
    }

    /// The names of the exercises the completion drops, having no sets (see the rules).
    static func exercisesWithoutSets(of workoutID: UUID, in facts: RecorderFacts) async throws -> [String] {
        guard try facts.workout(workoutID)?.type == .lifting, let contents = try await facts.contents(of: workoutID) else { return [] }
        return try contents.emptyEntries.map { entry in
            try facts.library.exercise(id: entry.exerciseID)?.name ?? entry.exerciseID.uuidString
        }
    }

    /// The time from the workout's start, which its first `WorkoutStarted` records (read from
    /// the log at the workout's first offset, not by scanning its stream).
    static func secondsSinceStart(of workoutID: UUID, until end: Timestamp, in facts: RecorderFacts) async throws -> Double {
        guard let startedAt = try await facts.startedAt(of: workoutID) else {
            throw CommandFailure(message: "workout \(workoutID.uuidString) has no start recorded", fix: "give its length with --duration",
                                 status: .rejectedInput)
        }
        let seconds = end.seconds(since: startedAt)
        guard seconds > 0 else {
            throw CommandFailure(message: "the workout started at \(TimeText.local(startedAt.date)), not before the end time "
                + "\(TimeText.local(end.date))", fix: "give a later --at, or the length with --duration", status: .rejectedInput)
        }
        // A workout left active overnight and completed the next day would otherwise be refused
        // as a duration the user never typed: name the start and the two ways out instead.
        guard seconds <= WorkoutCompleted.longestDurationSeconds else {
            throw CommandFailure(message: "the workout started at \(TimeText.local(startedAt.date)), \(Shown.duration(seconds)) before "
                + "the end time \(TimeText.local(end.date)); a workout lasts at most a day",
                fix: "give when it ended with --at, or its length with --duration", status: .rejectedInput)
        }
        return seconds
    }
}
