import AntrainProjections
import ArgumentParser
import Foundation

/// `--workout ID`: the workout a command acts on, the active one when not given.
struct WorkoutTarget: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The workout: its id or the first characters of it. Default: the active workout.",
                                            valueName: "id"))
    var workout: String?

    /// The workout named, or the active one; refused (exit 65) when none is active.
    func resolve(in state: LegacyCommandState) throws -> UUID { try Self.resolve(workout, in: state) }

    /// The workout `typed` names, or the active one when it is nil.
    static func resolve(_ typed: String?, in state: LegacyCommandState) throws -> UUID {
        if let workout = typed {
            return try ShortIDs.match(workout, among: state.workouts.keys, what: "workout",
                                      fix: "use the id antrain-log workout start printed (antrain-log cat --type WorkoutStarted lists them)")
        }
        guard let active = state.activeWorkoutID else {
            throw CommandFailure(message: "no workout is active",
                                 fix: "start one with antrain-log workout start --name NAME, or name a workout with --workout ID",
                                 status: ExitStatus.rejectedInput)
        }
        return active
    }
}
