import AntrainProjections
import Foundation

/// Finds a logged set by its id or the first characters of it, in any workout that was not
/// deleted (or only in `--workout`), so that a set of yesterday's workout can be corrected
/// without naming the workout.
enum SetLookup {
    static func find(_ typed: String, in state: LegacyCommandState, workout: String?) throws -> (workoutID: UUID, setID: UUID) {
        var owners: [UUID: UUID] = [:]
        if let workout {
            let workoutID = try WorkoutTarget.resolve(workout, in: state)
            for setID in state.workouts[workoutID]?.sets.keys ?? [] { owners[setID] = workoutID }
        } else {
            for (workoutID, workout) in state.workouts where workout.status != .deleted {
                for setID in workout.sets.keys { owners[setID] = workoutID }
            }
        }
        let setID = try ShortIDs.match(typed, among: owners.keys, what: "set",
                                       fix: "use the id antrain-log workout set printed; removed sets and sets of deleted workouts cannot change")
        return (owners[setID]!, setID)
    }
}
