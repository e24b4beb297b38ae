import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser

/// `antrain-log prs`: personal records per exercise, each with the day it was set.
struct PRsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prs",
        abstract: "Show personal records: heaviest weight, best e1RM, most reps, best set and session volume, longest time and distance, fastest pace.",
        discussion: """
            Only completed working sets set records (never warm-ups); on a tie the earlier set \
            keeps it. e1RM is estimated from sets of 1 to 12 reps by --formula: brzycki \
            (default), epley, or rpe (the RTS chart; sets without an RPE have none). With an \
            EXERCISE (a name, any case, or an id), only its records; a name that matches \
            nothing exits 65 with the closest names. With --chart and an EXERCISE, draws how its \
            best e1RM and heaviest weight rose over time (width: $COLUMNS, else 80).

            Timed and distance sets (a plank, a run) set the longest time, the longest distance \
            and, with both, the fastest pace (shown per km, or per mile with miles set).

            JSON: an array of {"exercise", "exerciseId", "formula", "heaviestWeightKg", \
            "bestE1rmKg", "mostReps", "bestSetVolumeKg", "bestSessionVolumeKg", \
            "longestDurationSeconds", "longestDistanceMetres", "fastestPaceSecondsPerKm"}; each \
            record is {"value", "reps", "weightKg", "date", "achievedAt", "workoutId"}, omitted \
            when the exercise has none of that kind.

            Examples:
              antrain-log prs
              antrain-log prs "barbell back squat" --formula epley --format json
              antrain-log prs "barbell back squat" --as-of 2026-11-18
              antrain-log prs "Barbell Bench Press" --chart
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("Only this exercise: its name (any case) or id.", valueName: "exercise"), completion: NameCompletion.exercises)
    var exercise: String?

    @Option(name: .long, help: "How e1RM is estimated: brzycki, epley or rpe.")
    var formula: OneRepMaxFormula = .brzycki

    @Flag(name: .long, help: "Draw the exercise's e1RM and heaviest weight over time instead of the table.")
    var chart = false

    func validate() throws {
        try ChartOption.check(chart, global.format)
        if chart, exercise == nil { throw ValidationError("--chart draws one exercise's progress: name the exercise.") }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // The exercises asked about, a key each: never a set.
            let models = PersonalRecords.models + Settings.models + (exercise == nil ? [] : Library.models)
            let store = try await StateAccess.store(models, place: place, asOf: try query.point)
            let records = PersonalRecords(store)
            let units = try Settings(store).units()
            let unit = units.weight
            let formula = formula
            guard let typed = exercise else {
                return Self.answer(try records.allRecords(formula: formula), units: units).print(global.format)
            }
            let library = try await StateAccess.library(for: store, asOf: query.point, place: place)
            let exercise = try LibraryNames(library: library).queriedExercise(typed)
            let (id, name) = (exercise.id, exercise.name)
            if chart {
                let e1rm = try records.e1rmProgression(of: id, formula: formula)
                let heaviest = try records.progression(of: id, .heaviestWeight)
                var output = Output()
                RecordCharts.lines(exercise: name, formula: formula, e1rm: e1rm, heaviest: heaviest, unit: unit).forEach { output.line($0) }
                return output.flush()
            }
            let found = try records.records(for: id, formula: formula)
            Self.answer(found.map { [$0] } ?? [], units: units, missing: name).print(global.format)
        }
    }

    /// The records as JSON, a table (one row per record) and CSV.
    static func answer(_ all: [ExerciseRecords], units: UnitSettings, missing name: String? = nil) -> QueryAnswer {
        var table = TextTable([.left("EXERCISE"), .left("RECORD"), .right("VALUE"), .left("SET"), .left("DATE")])
        var csv = CSVText(["exercise", "exerciseId", "record", "value", "reps", "weightKg", "date", "achievedAt"])
        var items: [JSONValue] = []
        for exercise in all {
            var object = JSONObjectBuilder()
            object.add("exercise", .string(exercise.exercise))
            object.add("exerciseId", QueryJSON.id(exercise.exerciseID))
            object.add("formula", .string(exercise.formula.rawValue))
            for row in RecordRow.rows(of: exercise) {
                let record = row.record
                object.add(row.field, json(record))
                table.add([exercise.exercise, row.label, row.value(units), row.set(units), record.day.description])
                csv.add(csvRow(exercise, row))
            }
            items.append(object.value)
        }
        let text = table.isEmpty ? [name.map { "no records for \($0) yet" } ?? "no records yet"] : table.lines
        return QueryAnswer(json: .array(items), text: text, csv: csv)
    }

    /// A record as a row of the CSV: raw values (kilograms, seconds, metres), UTC times.
    static func csvRow(_ exercise: ExerciseRecords, _ row: RecordRow) -> [String] {
        let record = row.record
        return [exercise.exercise, exercise.exerciseID.uuidString, row.field, DisplayText.number(record.value, decimals: 6),
                record.reps.map(String.init) ?? "", record.weightKg.map { DisplayText.number($0, decimals: 6) } ?? "",
                record.day.description, TimeText.utc(microseconds: record.achievedAt.microsecondsSince1970)]
    }

    static func json(_ record: PersonalRecord) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("value", QueryJSON.number(record.value))
        object.add("reps", ifPresent: record.reps.map { .integer($0) })
        object.add("weightKg", ifPresent: record.weightKg.map(QueryJSON.number))
        object.add("date", QueryJSON.day(record.day))
        object.add("achievedAt", QueryJSON.time(record.achievedAt))
        object.add("workoutId", QueryJSON.id(record.workoutID))
        return object.value
    }
}

extension OneRepMaxFormula: AnyCaseArgument {}
