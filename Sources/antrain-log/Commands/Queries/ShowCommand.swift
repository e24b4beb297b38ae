import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log show WORKOUT`: one workout in full: exercises, sets, notes, RPE, volume.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one workout in full: its exercises and sets (with their ids), notes, RPE and volume.",
        discussion: """
            WORKOUT is the workout's id as history prints it, or any unique beginning of it \
            (like a short git hash), in any case. An id that matches no workout, or several, \
            exits 65. Deleted workouts can be shown too. Without WORKOUT, the active workout \
            is shown, else the latest (the first that history lists; never a deleted one). Exercises are numbered by their place \
            in the workout (what workout remove-exercise and reorder take; in JSON, the order \
            of "exercises"). Each set shows the first 8 characters \
            of its id (what workout correct-set and remove-set take), and the measures its \
            exercise's sets have: weight and reps, time, distance and pace, rest.

            JSON: one object {"id", "startedAt", "endedAt", "type", "name", "status", \
            "timeZone", "durationSeconds", "notes", "rpe", "sets", "volumeKg", "exercises": \
            [{"exercise", "exerciseId", "volumeKg", "sets": [{"setId", "setType", "reps", \
            "weightKg", "weight", "durationSeconds", "distanceMetres", "paceSecondsPerKm", \
            "restSeconds", "completed", "rpe", "notes", "loggedAt", "volumeKg"}]}], "cardio", \
            "metcon"}; fields without a value are omitted.

            Examples:
              antrain-log show
              antrain-log show 3c58c5d6
              antrain-log show 3C58C5D6-F308-8651-BCC3-0E13CE63E3F9 --format json
              antrain-log show 3c58c5d6 --format csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("The workout's id, or a unique beginning of it (default: the active workout, else the latest).",
                                 valueName: "workout"))
    var workout: String?

    func validate() throws {
        guard let workout else { return }
        let hex = workout.filter { $0 != "-" }
        guard !hex.isEmpty, hex.allSatisfy(\.isHexDigit) else {
            throw ValidationError("WORKOUT must be a workout id (hex digits and dashes, as history prints it); got '\(workout)'.")
        }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(WorkoutHistory.models + Settings.models, place: place, asOf: try query.point)
            let history = WorkoutHistory(store, events: try await StateAccess.events(place: place))
            let found = try workout.map { try Self.workout(idPrefix: $0, in: history) } ?? Self.currentOrLatest(in: history)
            let units = try Settings(store).units()
            WorkoutDetail(workout: found, unit: units.weight, distanceUnit: units.distance).answer.print(global.format)
        }
    }

    /// The one workout whose id starts with `prefix`: a range of keys, not the history.
    private static func workout(idPrefix prefix: String, in history: WorkoutHistory) throws -> Workout {
        let wanted = prefix.lowercased()
        let matches = try history.workouts(idPrefix: wanted)
        guard matches.count == 1, let found = matches.first else {
            let message = matches.isEmpty ? "no workout has an id starting with \(wanted)"
                : "\(matches.count) workouts have ids starting with \(wanted)"
            throw CommandFailure(message: message, fix: "copy the id from antrain-log history (a longer beginning if several match)",
                                 status: .rejectedInput)
        }
        return found
    }

    /// The workout asked about when none is named: the one in progress, since that is what one
    /// looks at between sets, else the one `history` lists first (deleted ones are not listed).
    private static func currentOrLatest(in history: WorkoutHistory) throws -> Workout {
        if let active = try history.activeWorkout() { return active }
        guard let latest = try history.workouts(limit: 1).first else {
            throw CommandFailure(message: "no workout to show: the log holds none",
                                 fix: "start one with antrain-log workout start, or log one with antrain-log cardio or metcon",
                                 status: .rejectedInput)
        }
        return latest
    }
}
