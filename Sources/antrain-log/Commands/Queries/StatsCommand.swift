import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser

/// `antrain-log stats`: each exercise's totals: volume, sets, reps, sessions, last performed.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show exercise totals: volume, sets, reps, sessions and when last performed.",
        discussion: """
            Only completed sets count: sets and reps include warm-ups, volume (weight × reps, \
            in kg) does not. A session is a workout with at least one completed set of the \
            exercise. Without an EXERCISE, every exercise trained at least once, by name. A name \
            that matches nothing exits 65 with the closest names.

            JSON: an array of {"exercise", "exerciseId", "totalVolumeKg", "sets", "reps", \
            "sessions", "lastPerformedAt" (omitted when never performed), "hasCompletedWorkout" \
            (whether one of those workouts was completed: seed 003's history check), "isDeleted"}.

            Examples:
              antrain-log stats
              antrain-log stats "Barbell Back Squat" --format json
              antrain-log stats --as-of 120 --format csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("Only this exercise: its name (any case) or id.", valueName: "exercise"), completion: NameCompletion.exercises)
    var exercise: String?

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // A row per exercise, kept with its records: never a set.
            let models = PersonalRecords.models + Settings.models + (exercise == nil ? [] : Library.models)
            let store = try await StateAccess.store(models, place: place, asOf: try query.point)
            let stats = PersonalRecords(store)
            let rows: [ExerciseStatistics]
            if let exercise {
                // An exercise of the library has statistics (zeros until trained); only an id
                // that nothing named has none.
                let id = try LibraryNames(library: await StateAccess.library(for: store, asOf: query.point, place: place)).queriedExercise(exercise).id
                rows = try stats.statistics(for: id).map { [$0] } ?? []
            } else {
                rows = try stats.allStatistics()
            }
            Self.answer(rows, unit: try Settings(store).units().weight).print(global.format)
        }
    }

    static func answer(_ rows: [ExerciseStatistics], unit: MassUnit) -> QueryAnswer {
        var table = TextTable([.left("EXERCISE"), .right("SESSIONS"), .right("SETS"), .right("REPS"), .right("VOLUME"), .left("LAST PERFORMED")])
        var csv = CSVText(["exercise", "exerciseId", "totalVolumeKg", "sets", "reps", "sessions", "lastPerformedAt"])
        var json: [JSONValue] = []
        for row in rows {
            let name = row.exercise + (row.isDeleted ? " (deleted)" : "")
            table.add([name, String(row.sessions), String(row.sets), String(row.reps), DisplayText.volume(kilograms: row.totalVolumeKg, in: unit),
                       row.lastPerformedAt.map(DisplayText.localMinute) ?? "never"])
            csv.add([row.exercise, row.exerciseID.uuidString, DisplayText.number(row.totalVolumeKg, decimals: 6), String(row.sets),
                     String(row.reps), String(row.sessions), row.lastPerformedAt.map { TimeText.utc(microseconds: $0.microsecondsSince1970) } ?? ""])
            var object = JSONObjectBuilder()
            object.add("exercise", .string(row.exercise))
            object.add("exerciseId", QueryJSON.id(row.exerciseID))
            object.add("totalVolumeKg", QueryJSON.number(row.totalVolumeKg))
            object.add("sets", .integer(row.sets))
            object.add("reps", .integer(row.reps))
            object.add("sessions", .integer(row.sessions))
            object.add("lastPerformedAt", ifPresent: row.lastPerformedAt.map(QueryJSON.time))
            object.add("hasCompletedWorkout", .bool(row.hasCompletedWorkout))
            object.add("isDeleted", .bool(row.isDeleted))
            json.append(object.value)
        }
        return QueryAnswer(json: .array(json), text: table.isEmpty ? ["no exercise trained yet"] : table.lines, csv: csv)
    }
}
