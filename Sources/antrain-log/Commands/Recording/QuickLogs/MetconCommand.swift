import AntrainEvents
import AntrainJSON
import AntrainLog
import ArgumentParser
import Foundation

/// `antrain-log metcon`: logs a metcon (AMRAP, EMOM, for time) in one go.
struct MetconCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metcon",
        abstract: "Log a metcon: format, duration, and optionally rounds and a result.",
        discussion: """
            The metcon is a workout of its own, unless --workout names an active metcon \
            workout (started with workout start --type metcon): it is logged into that \
            workout and completes it, keeping the workout's start (the metcon ends its \
            --time after that, by now). On its own, it started at --at and ended its --time \
            later, by now; without --at it just ended (it started --time ago).

            Examples:
              antrain-log metcon amrap --time 20m --rounds 18 --result "18 rounds + 7 reps" --name Cindy
              antrain-log metcon forTime --time 7m42s --name Fran
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "amrap, emom or forTime.")
    var format: MetconFormat

    @Option(name: .long, help: ArgumentHelp("How long: 20m, 7m42s.", valueName: "duration"))
    var time: String

    @Option(name: .long, help: "Rounds completed or prescribed (1 to 999).")
    var rounds: Int?

    @Option(name: .long, help: "The score as text (at most 200 characters).")
    var result: String?

    @Option(name: .long, help: "A name for the metcon (1 to 100 characters).")
    var name: String?

    @Option(name: .long, help: "Notes (at most 500 characters).")
    var notes: String?

    @Option(name: .long, help: ArgumentHelp("When it started: 17:30 (today), 2026-11-21T17:30, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("An active metcon workout to log it into (id or first characters).", valueName: "id"))
    var workout: String?

    func run() async throws {
        try await RecordingSession.run(global, "metcon") { session in
            let typedStart = try at.map { try LocalTime.instant($0) }
            let seconds = try Quantities.seconds(time, what: "time")
            let facts = try await session.facts()
            let workoutID = try workout.map { try WorkoutTarget.resolve($0, in: facts) } ?? UUID()
            // A session logged into a started workout keeps the workout's start (issue 38).
            let now = Timestamp(Date())
            let startedAt = try await workout == nil
                ? WorkoutClock.standaloneQuickLogStart(typed: typedStart, seconds: seconds, now: now, what: "metcon")
                : WorkoutClock(workoutID, in: facts, now: now).quickLogStart(typed: typedStart, seconds: seconds, what: "metcon")
            let event = MetconLogged(workoutID: workoutID, format: format, startedAt: startedAt, name: name, rounds: rounds,
                                     durationSeconds: seconds, result: result, notes: notes, timeZone: LocalTime.zoneIdentifier)
            try await session.execute(.logMetcon(event))
            return Recorded("logged \(DisplayText.words(format)) metcon of \(Shown.duration(seconds)) as workout \(workoutID.uuidString)", [
                ("workoutId", .id(workoutID)), ("durationSeconds", .double(seconds)),
            ])
        }
    }
}
