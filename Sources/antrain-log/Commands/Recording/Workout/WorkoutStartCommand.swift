import AntrainEvents
import ArgumentParser
import Foundation

/// `antrain-log workout start`: begins a workout and prints its id.
struct WorkoutStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a workout and print its id.",
        discussion: """
            Refused while another workout is active: complete or cancel it first.

            Examples:
              antrain-log workout start --name "Push day"
              antrain-log workout start --template "Push day" --at 07:30
              antrain-log workout start --type cardio --name "Morning run"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "A name for the workout (1 to 100 characters).")
    var name: String?

    @Option(name: .long, help: "lifting (sets of exercises), cardio or metcon.")
    var type: WorkoutType = .lifting

    @Option(name: .long, help: ArgumentHelp("The template it follows: name or id.", valueName: "template"))
    var template: String?

    @Option(name: .long, help: ArgumentHelp("When it started: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout start") { session in
            let startedAt = try LocalTime.instant(at)
            var template: LibraryNames.Found?
            if let typed = self.template { template = try await session.names().template(typed) }
            let workoutID = UUID()
            try await session.execute(.startWorkout(workoutID: workoutID, type: type, name: name, templateID: template?.id,
                                                    at: startedAt, timeZone: LocalTime.zoneIdentifier))
            let named = name.map { " \"\($0)\"" } ?? ""
            let from = template.map { " from template \"\($0.name)\"" } ?? ""
            return Recorded("started \(type.rawValue) workout \(workoutID.uuidString)\(named)\(from) at \(TimeText.local(startedAt.date))", [
                ("workoutId", .id(workoutID)), ("type", .string(type.rawValue)), ("startedAt", .string(TimeText.utc(startedAt.date))),
            ])
        }
    }
}
