import AntrainEvents
import AntrainProjections
import ArgumentParser

/// `antrain-log prs`: personal records per exercise, each with the day it was set.
struct PRsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prs",
        abstract: "Show personal records: heaviest weight, best e1RM, most reps, best set and session volume.",
        discussion: """
            Only completed working sets set records (never warm-ups); on a tie the earlier set \
            keeps it. e1RM is estimated from sets of 1 to 12 reps by --formula: brzycki \
            (default), epley, or rpe (the RTS chart; sets without an RPE have none). With an \
            EXERCISE (a name, any case, or an id), only its records; a name that matches \
            nothing exits 65 with the closest names. With --chart and an EXERCISE, draws how its \
            best e1RM and heaviest weight rose over time (width: $COLUMNS, else 80).

            JSON: an array of {"exercise", "exerciseId", "formula", "heaviestWeightKg", \
            "bestE1rmKg", "mostReps", "bestSetVolumeKg", "bestSessionVolumeKg"}; each record is \
            {"value", "reps", "weightKg", "date", "achievedAt", "workoutId"}, omitted when the \
            exercise has none of that kind.

            Examples:
              antrain-log prs
              antrain-log prs "barbell back squat" --formula epley --format json
              antrain-log prs "barbell back squat" --as-of 2026-11-18
              antrain-log prs "Barbell Bench Press" --chart
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("Only this exercise: its name (any case) or id.", valueName: "exercise"))
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
        try await CommandRunner.run(global) { directory in
            // The exercises asked about, a key each: never a set.
            let models = PersonalRecords.models + Settings.models + (exercise == nil ? [] : Library.models)
            let store = try await StateAccess.store(models, logDirectory: directory, asOf: try query.point)
            let records = PersonalRecords(store)
            let unit = try Settings(store).units().weight
            let formula = formula
            guard let typed = exercise else {
                return Self.answer(try records.allRecords(formula: formula), unit: unit).print(global.format)
            }
            let (id, name) = try ExerciseLookup.resolve(typed, in: Library(store))
            if chart {
                let e1rm = try records.e1rmProgression(of: id, formula: formula)
                let heaviest = try records.progression(of: id, .heaviestWeight)
                var output = Output()
                RecordCharts.lines(exercise: name, formula: formula, e1rm: e1rm, heaviest: heaviest, unit: unit).forEach { output.line($0) }
                return output.flush()
            }
            let found = try records.records(for: id, formula: formula)
            Self.answer(found.map { [$0] } ?? [], unit: unit, missing: name).print(global.format)
        }
    }

    /// The records as JSON, a table (one row per record) and CSV.
    static func answer(_ all: [ExerciseRecords], unit: MassUnit, missing name: String? = nil) -> QueryAnswer {
        var table = TextTable([.left("EXERCISE"), .left("RECORD"), .right("VALUE"), .left("SET"), .left("DATE")])
        var csv = CSVText(["exercise", "exerciseId", "record", "value", "reps", "weightKg", "date", "achievedAt"])
        var items: [JSONValue] = []
        for exercise in all {
            var object = JSONObjectBuilder()
            object.add("exercise", .string(exercise.exercise))
            object.add("exerciseId", QueryJSON.id(exercise.exerciseID))
            object.add("formula", .string(exercise.formula.rawValue))
            for (field, label, record) in kinds(of: exercise) {
                guard let record else { continue }
                object.add(field, json(record))
                let isReps = field == "mostReps"
                let value = isReps ? "\(Int(record.value)) reps" : DisplayText.weight(kilograms: record.value, in: unit)
                let set = [record.weightKg.map { DisplayText.weight(kilograms: $0, in: unit) }, record.reps.map { "× \($0)" }]
                    .compactMap { $0 }.joined(separator: " ")
                table.add([exercise.exercise, label, value, set, record.day.description])
                csv.add([exercise.exercise, exercise.exerciseID.uuidString.lowercased(), field, DisplayText.number(record.value, decimals: 6),
                         record.reps.map(String.init) ?? "", record.weightKg.map { DisplayText.number($0, decimals: 6) } ?? "",
                         record.day.description, TimeText.utc(microseconds: record.achievedAt.microsecondsSince1970)])
            }
            items.append(object.value)
        }
        let text = table.isEmpty ? [name.map { "no records for \($0) yet" } ?? "no records yet"] : table.lines
        return QueryAnswer(json: .array(items), text: text, csv: csv)
    }

    /// The five records of the contract, with their JSON field and table label.
    static func kinds(of records: ExerciseRecords) -> [(String, String, PersonalRecord?)] {
        [("heaviestWeightKg", "heaviest weight", records.heaviestWeightKg),
         ("bestE1rmKg", "best e1RM (\(records.formula.rawValue))", records.bestE1rmKg),
         ("mostReps", "most reps", records.mostReps),
         ("bestSetVolumeKg", "best set volume", records.bestSetVolumeKg),
         ("bestSessionVolumeKg", "best session volume", records.bestSessionVolumeKg)]
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

extension OneRepMaxFormula: ExpressibleByArgument {}
