import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout cancel`: ends the active workout without counting it.
struct WorkoutCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel the active workout.",
        discussion: """
            Examples:
              antrain-log workout cancel
              antrain-log workout cancel --at 08:15
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var target: WorkoutTarget

    @Option(name: .long, help: ArgumentHelp("When: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "workout cancel") { session in
            let cancelledAt = try LocalTime.instant(at)
            let workoutID = try target.resolve(in: try await session.facts())
            try await session.execute(.cancelWorkout(workoutID: workoutID, at: cancelledAt))
            return Recorded("cancelled workout \(workoutID.uuidString)", [("workoutId", .id(workoutID))])
        }
    }
}
