import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout rpe`: records how hard a whole workout felt.
struct WorkoutRPECommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpe",
        abstract: "Record how hard the workout felt, 1 to 10.",
        discussion: """
            Examples:
              antrain-log workout rpe 8
              antrain-log workout rpe 7.5 --workout 3F2A9C1B
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Rate of perceived exertion, 1 to 10.")
    var rpeText: String

    @OptionGroup var target: WorkoutTarget

    func run() async throws {
        // Read as text, so that a negative figure reaches the event's rule, which names the range.
        let rpe = try Quantities.number(rpeText, what: "RPE")
        try await RecordingSession.run(global, "workout rpe") { session in
            let workoutID = try target.resolve(in: try await session.facts())
            try await session.execute(.recordWorkoutRPE(workoutID: workoutID, rpe: rpe))
            return Recorded("recorded RPE \(Shown.number(rpe)) for workout \(workoutID.uuidString)",
                            [("workoutId", .id(workoutID)), ("rpe", .double(rpe))])
        }
    }
}
