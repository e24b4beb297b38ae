import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log cardio`: logs a whole cardio session in one go.
struct CardioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardio",
        abstract: "Log a cardio session: activity, duration, and optionally distance and pace.",
        discussion: """
            The session is a workout of its own, unless --workout names an active cardio \
            workout (started with workout start --type cardio): it is logged into that \
            workout and completes it, keeping the workout's start (the session ends its \
            --time after that, by now). On its own, it started at --at and ended its --time \
            later, by now; without --at it just ended (it started --time ago). A plain \
            distance is in the distance unit setting.

            Examples:
              antrain-log cardio run --time 25m --distance 5km
              antrain-log cardio bike --time 1h5m --name "Commute" --at 2026-11-21T07:10
              antrain-log cardio run --time 52m30s --distance 10km --pace 5:15
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "run, bike, row, swim, walk, elliptical or ski.")
    var activity: CardioActivity

    @Option(name: .long, help: ArgumentHelp("How long: 25m, 1h5m, 90s.", valueName: "duration"))
    var time: String

    @Option(name: .long, help: ArgumentHelp("How far: 5km, 3mi, 400m, or a plain number in the distance unit setting.",
                                            valueName: "distance"))
    var distance: String?

    @Option(name: .long, help: ArgumentHelp("Average pace per kilometre (5:15), or per mile (8:27/mi).", valueName: "pace"))
    var pace: String?

    @Option(name: .long, help: "A name for the session (1 to 100 characters).")
    var name: String?

    @Option(name: .long, help: "Notes (at most 500 characters).")
    var notes: String?

    @Option(name: .long, help: ArgumentHelp("When it started: 07:10 (today), 2026-11-21T07:10, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("An active cardio workout to log it into (id or first characters).", valueName: "id"))
    var workout: String?

    func run() async throws {
        try await RecordingSession.run(global, "cardio") { session in
            let typedStart = try at.map { try LocalTime.instant($0) }
            let seconds = try Quantities.seconds(time, what: "time")
            let facts = try await session.facts()
            let units = try facts.units()
            let metres = try distance.map { try Quantities.metres($0, plainUnit: units.distance) }
            let paceSeconds = try pace.map(Self.secondsPerKilometre)
            let workoutID = try workout.map { try WorkoutTarget.resolve($0, in: facts) } ?? UUID()
            // A session logged into a started workout keeps the workout's start (issue 38).
            let now = Timestamp(Date())
            let startedAt = try await workout == nil
                ? WorkoutClock.standaloneQuickLogStart(typed: typedStart, seconds: seconds, now: now, what: activity.rawValue)
                : WorkoutClock(workoutID, in: facts, now: now).quickLogStart(typed: typedStart, seconds: seconds, what: activity.rawValue)
            let event = CardioLogged(workoutID: workoutID, activity: activity, startedAt: startedAt, name: name, distanceMetres: metres,
                                     durationSeconds: seconds, paceSecondsPerKilometre: paceSeconds, notes: notes,
                                     timeZone: LocalTime.zoneIdentifier)
            try await session.execute(.logCardio(event))
            let how = [Shown.duration(seconds)] + (metres.map { [DisplayText.distance(metres: $0, in: units.distance)] } ?? [])
            return Recorded("logged \(activity.rawValue) \(how.joined(separator: ", ")) as workout \(workoutID.uuidString)", [
                ("workoutId", .id(workoutID)), ("durationSeconds", .double(seconds)),
            ])
        }
    }

    /// `5:15` per kilometre, or `8:27/mi` per mile, in seconds per kilometre.
    static func secondsPerKilometre(_ text: String) throws -> Double {
        let lowered = text.lowercased()
        for suffix in ["/mi", "/mile"] where lowered.hasSuffix(suffix) {
            return try Quantities.seconds(String(lowered.dropLast(suffix.count)), what: "pace") / (DistanceUnit.metresPerMile / 1000)
        }
        return try Quantities.seconds(lowered.hasSuffix("/km") ? String(lowered.dropLast(3)) : lowered, what: "pace")
    }
}
