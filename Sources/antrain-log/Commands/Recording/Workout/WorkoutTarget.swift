import AntrainProjections
import ArgumentParser
import Foundation

/// `--workout ID`: the workout a command acts on, the active one when not given.
struct WorkoutTarget: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The workout: its id or the first characters of it. Default: the active workout.",
                                            valueName: "id"))
    var workout: String?

    /// The workout named, or the active one; refused (exit 65) when none is active.
    func resolve(in facts: RecorderFacts) throws -> UUID { try Self.resolve(workout, in: facts) }

    /// The workout `typed` names (any workout, deleted ones too: the rules refuse those), or
    /// the active one when it is nil. A prefix reads the range of keys it names, not every
    /// workout.
    static func resolve(_ typed: String?, in facts: RecorderFacts) throws -> UUID {
        if let workout = typed {
            let fix = "use the id antrain-log workout start printed (antrain-log cat --type WorkoutStarted lists them)"
            let digits = try ShortIDs.digits(workout, what: "workout", fix: fix)
            return try ShortIDs.match(workout, among: try facts.workouts(idPrefix: digits), what: "workout", fix: fix)
        }
        guard let active = try facts.activeWorkoutID() else {
            throw CommandFailure(message: "no workout is active",
                                 fix: "start one with antrain-log workout start --name NAME, or name a workout with --workout ID",
                                 status: .rejectedInput)
        }
        return active
    }
}
