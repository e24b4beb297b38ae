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
            exits 65. Deleted workouts can be shown too. Exercises are numbered by their place \
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
              antrain-log show 3c58c5d6
              antrain-log show 3C58C5D6-F308-8651-BCC3-0E13CE63E3F9 --format json
              antrain-log show 3c58c5d6 --format csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("The workout's id, or a unique beginning of it.", valueName: "workout"))
    var workout: String

    func validate() throws {
        let hex = workout.filter { $0 != "-" }
        guard !hex.isEmpty, hex.allSatisfy(\.isHexDigit) else {
            throw ValidationError("WORKOUT must be a workout id (hex digits and dashes, as history prints it); got '\(workout)'.")
        }
    }

    func run() async throws {
        try await CommandRunner.run(global) { directory in
            let store = try await StateAccess.store(WorkoutHistory.models + Settings.models, logDirectory: directory, asOf: try query.point)
            let wanted = workout.lowercased()
            // The workouts whose keys start with the id's beginning: a range of keys, not the history.
            let matches = try WorkoutHistory(store, events: try await StateAccess.events(logDirectory: directory)).workouts(idPrefix: wanted)
            guard matches.count == 1, let found = matches.first else {
                let message = matches.isEmpty ? "no workout has an id starting with \(wanted)"
                    : "\(matches.count) workouts have ids starting with \(wanted)"
                throw CommandFailure(message: message, fix: "copy the id from antrain-log history (a longer beginning if several match)",
                                     status: .rejectedInput)
            }
            let units = try Settings(store).units()
            WorkoutDetail(workout: found, unit: units.weight, distanceUnit: units.distance).answer.print(global.format)
        }
    }
}
