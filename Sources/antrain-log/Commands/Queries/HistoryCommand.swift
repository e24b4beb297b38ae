import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log history`: the workout list, newest first, with filters.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List workouts, newest first: when, type, name, status, sets and volume.",
        discussion: """
            Sets count completed sets, warm-ups included; volume is weight × reps of completed \
            working sets. Deleted workouts are left out. --from and --to are days of the start, \
            inclusive, on the calendar of the workout's own time zone (a session at 08:00 in \
            Auckland is on that day, whatever the day in UTC). Tables show volume in the unit of the settings; JSON and CSV in kg.

            JSON: an array of {"id", "startedAt", "type", "name" (omitted when none), "status", \
            "sets", "volumeKg", "distanceMetres", "durationSeconds"}; a cardio session or metcon shows \
            its distance and time where a lifting workout shows its volume.

            Examples:
              antrain-log history
              antrain-log history --from 2026-11-01 --to 2026-11-30 --type lifting
              antrain-log history --exercise "barbell bench press" --limit 5 --format json
              antrain-log history --as-of 2026-11-18 --format csv > workouts.csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: ArgumentHelp("Only workouts started on or after this day (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Only workouts started on or before this day (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("Only workouts of this type: lifting, cardio or metcon.", valueName: "type"))
    var type: String?

    @Option(name: .long, help: ArgumentHelp("Only workouts with this exercise (a name, any case, or an id).", valueName: "exercise"))
    var exercise: String?

    @Option(name: .long, help: ArgumentHelp("At most this many workouts (the newest).", valueName: "n"))
    var limit: Int?

    func validate() throws {
        _ = try QueryDates.range(from: from, to: to)
        if let type, WorkoutType(rawValue: type) == nil {
            throw ValidationError("--type must be lifting, cardio or metcon; got '\(type)'.")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // The list columns of the workouts shown, newest first: never a set.
            let models = WorkoutHistory.models + Settings.models + (exercise == nil ? [] : Library.models)
            let store = try await StateAccess.store(models, place: place, asOf: try query.point)
            var exerciseID: UUID?
            if let exercise {
                exerciseID = try LibraryNames(library: await StateAccess.library(for: store, asOf: query.point, place: place)).queriedExercise(exercise).id
            }
            let filter = WorkoutFilter(from: try QueryDates.day(from, option: "--from"), to: try QueryDates.day(to, option: "--to"),
                                       type: type.flatMap(WorkoutType.init(rawValue:)), exerciseID: exerciseID)
            let workouts = try WorkoutHistory(store, events: try await StateAccess.events(place: place)).summaries(filter, limit: limit)
            let units = try Settings(store).units()
            Self.answer(workouts, unit: units.weight, distanceUnit: units.distance).print(global.format)
        }
    }

    static func answer(_ workouts: [WorkoutSummary], unit: MassUnit, distanceUnit: DistanceUnit = .kilometres) -> QueryAnswer {
        var table = TextTable([.left("STARTED"), .left("TYPE"), .left("NAME"), .left("STATUS"), .right("SETS"), .right("VOLUME")])
        var csv = CSVText(["id", "startedAt", "type", "name", "status", "sets", "volumeKg", "distanceMetres", "durationSeconds"])
        var items: [JSONValue] = []
        let number = { (value: Double?) in value.map { DisplayText.number($0, decimals: 6) } ?? "" }
        for workout in workouts {
            table.add([DisplayText.localMinute(workout.startedAt), workout.type.rawValue, workout.name ?? "", workout.status.rawValue,
                       String(workout.sets), amount(workout, unit: unit, distanceUnit: distanceUnit)])
            csv.add([workout.id.uuidString, TimeText.utc(microseconds: workout.startedAt.microsecondsSince1970),
                     workout.type.rawValue, workout.name ?? "", workout.status.rawValue, String(workout.sets),
                     DisplayText.number(workout.volumeKg, decimals: 6), number(workout.distanceMetres), number(workout.durationSeconds)])
            items.append(json(workout))
        }
        let count = "\(workouts.count) workout\(workouts.count == 1 ? "" : "s")"
        let text = workouts.isEmpty ? ["no workouts match"] : table.lines + ["", count]
        return QueryAnswer(json: .array(items), text: text, csv: csv)
    }

    static func json(_ workout: WorkoutSummary) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("id", QueryJSON.id(workout.id))
        object.add("startedAt", QueryJSON.time(workout.startedAt))
        object.add("type", .string(workout.type.rawValue))
        object.add("name", ifPresent: workout.name.map { .string($0) })
        object.add("status", .string(workout.status.rawValue))
        object.add("sets", .integer(workout.sets))
        object.add("volumeKg", QueryJSON.number(workout.volumeKg))
        object.add("distanceMetres", ifPresent: workout.distanceMetres.map(QueryJSON.number))
        object.add("durationSeconds", ifPresent: workout.durationSeconds.map(QueryJSON.number))
        return object.value
    }

    /// What the workout did: its volume, or for a cardio session or metcon that lifted nothing,
    /// its distance and time (`5 km in 27m30s`, `12m`), which a volume of 0 kg would hide.
    static func amount(_ workout: WorkoutSummary, unit: MassUnit, distanceUnit: DistanceUnit) -> String {
        guard workout.type != .lifting, workout.volumeKg == 0 else { return DisplayText.volume(kilograms: workout.volumeKg, in: unit) }
        let parts = [workout.distanceMetres.map { DisplayText.distance(metres: $0, in: distanceUnit) },
                     workout.durationSeconds.map(Shown.duration)].compactMap { $0 }
        return parts.isEmpty ? DisplayText.volume(kilograms: 0, in: unit) : parts.joined(separator: " in ")
    }
}
