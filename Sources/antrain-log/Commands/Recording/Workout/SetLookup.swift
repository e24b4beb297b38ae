import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation

/// Finds a logged set by its id or the first characters of it, so that a set of yesterday's
/// workout can be corrected without naming the workout.
///
/// With `--workout`, only that workout's sets are candidates. Without it, the search is
/// bounded, so that it costs the same on a log of any length: the active workout first, then
/// the ``recentWorkouts`` latest workouts that were not deleted, newest start first (read
/// from the training model's workout history), stopping at the first workout holding a set
/// with that prefix; a prefix naming several sets of that workout is refused as ambiguous.
/// A set of an older workout is found by naming its workout with `--workout`.
enum SetLookup {
    /// How many of the latest workouts (not counting the active one) a set id is looked for in
    /// when no workout is named.
    static let recentWorkouts = 200

    private static let fix = "use the id antrain-log workout set printed; removed sets and sets of deleted workouts cannot change"

    static func find(_ typed: String, in facts: RecorderFacts, workout: String?, session: RecordingSession,
                     ifAmount amountFix: String? = nil) async throws -> (workoutID: UUID, setID: UUID) {
        if let amountFix, looksLikeAmount(typed) {
            // `workout done 105kg`, `workout correct-set 105kg x 5`: the set's place taken by
            // what the set was, which "is not a set id" would not explain.
            throw CommandFailure(message: "\"\(typed)\" is a weight or reps, not a set id", fix: amountFix, status: .validationFailure)
        }
        if let workout {
            let workoutID = try WorkoutTarget.resolve(workout, in: facts)
            let sets = try await facts.contents(of: workoutID)?.sets.map(\.setID) ?? []
            return (workoutID, try ShortIDs.match(typed, among: sets, what: "set", fix: fix))
        }
        let digits = try ShortIDs.digits(typed, what: "set", fix: fix)
        let active = try facts.activeWorkoutID()
        if let active, let sets = try await facts.contents(of: active)?.sets.map(\.setID), holds(sets, digits) {
            return (active, try ShortIDs.match(typed, among: sets, what: "set", fix: fix))
        }
        let store = try await StateAccess.caughtUp(WorkoutHistory.models, log: session.log, place: session.place)
        let history = WorkoutHistory(store, events: EventLookup(log: session.log))
        for line in try history.summaries(limit: recentWorkouts) where line.id != active {
            guard let workout = try history.workout(line.id) else { continue }
            let sets = workout.exercises.flatMap { $0.sets.map(\.setID) }
            if holds(sets, digits) { return (line.id, try ShortIDs.match(typed, among: sets, what: "set", fix: fix)) }
        }
        throw CommandFailure(message: "there is no set \(typed) in the active workout or the last \(recentWorkouts) workouts",
                             fix: fix + "; for a set of an older workout, name the workout with --workout ID",
                             status: .rejectedInput)
    }

    /// Whether `typed` reads as a load or a count rather than an id: a weight as `workout set`
    /// reads one (`105kg`, `225lb`, `bw`, a number too short to be an id's first characters),
    /// or `x5`, `5x`, `x`. What can be an id's first characters (`1000`) is left to the lookup.
    static func looksLikeAmount(_ typed: String) -> Bool {
        guard (try? ShortIDs.digits(typed, what: "set", fix: "")) == nil else { return false }
        let text = typed.trimmingCharacters(in: .whitespaces)
        return (try? SetOptions.load(text, .kilograms)) != nil || text.lowercased().wholeMatch(of: #/x\d*|\d+x/#) != nil
    }

    /// Whether a set id of `sets` starts with `digits` (upper case, no dashes).
    private static func holds(_ sets: [UUID], _ digits: String) -> Bool {
        sets.contains { ShortIDs.begins($0, with: digits) }
    }
}
