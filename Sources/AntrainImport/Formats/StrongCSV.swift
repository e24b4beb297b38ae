import AntrainEvents

/// Reads Strong's CSV exports, in the header layouts seen in users' files:
///
/// 1. `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes`
///    (semicolons, units per row, sometimes a `Workout Duration` column; the weight unit is
///    empty on rows without a weight);
/// 2. `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`
///    (no unit column; durations like `31m` or `1h 5m`); `antrain-log export --format csv
///    --what sets` writes this layout with `Weight Unit` and `Distance Unit` columns added;
/// 3. `"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"`
///    (every field quoted, metric);
/// 4. `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE` (reps like `13.0`).
///
/// Rows whose Set Order is `Rest Timer` are not sets. A set order of `W`, `D` or `F` marks a
/// warm-up, drop set or failure set. Layouts without units take `--weight-unit`, and read
/// distances in kilometres for kilograms and miles for pounds, as Strong shows them.
struct StrongCSV {
    let values: ExportValues
    let weightUnit: MassUnit?

    func read(_ table: CSVTable) throws(ImportError) -> ImportedFile {
        let header = table.header
        try header.require(.strong)
        let metricColumns = header.index(of: "Weight (kg)") != nil
        let unitColumn = header.index(of: "Weight Unit")
        if unitColumn == nil, !metricColumns, weightUnit == nil {
            throw ImportError(line: 1, reason: "this Strong export has no weight unit column: say which unit its weights are in with --weight-unit kg or --weight-unit lb")
        }
        let column = (
            date: header.index(of: "Date"), name: header.index(of: "Workout Name"), exercise: header.index(of: "Exercise Name"),
            order: header.index(of: "Set Order"), weight: header.index(of: "Weight") ?? header.index(of: "Weight (kg)"),
            reps: header.index(of: "Reps"), rpe: header.index(of: "RPE"),
            distance: header.index(of: "Distance") ?? header.index(of: "Distance (meters)"), distanceUnit: header.index(of: "Distance Unit"),
            seconds: header.index(of: "Seconds"),
            duration: header.index(of: "Duration") ?? header.index(of: "Duration (sec)") ?? header.index(of: "Workout Duration"),
            notes: header.index(of: "Notes"), workoutNotes: header.index(of: "Workout Notes")
        )
        var file = ImportedFile(format: .strong)
        var assembler = WorkoutAssembler()
        let sets = SetRowReader(values: values)
        for row in table.rows {
            let order = row[column.order]
            if order.lowercased() == "rest timer" {
                file.skipped.append(SkippedRow(line: row.line, .restTimer, reason: "a rest timer, not a set"))
                continue
            }
            guard let started = values.instant(row[column.date]) else {
                file.skipped.append(SkippedRow(line: row.line, .date, reason: "date \"\(row[column.date])\" is not a date and time (YYYY-MM-DD HH:MM:SS)"))
                continue
            }
            guard let exercise = file.exerciseName(row[column.exercise], line: row.line) else { continue }
            var measures = SetRowReader.Measures(weight: row[column.weight], reps: row[column.reps], distance: row[column.distance],
                                                 seconds: row[column.seconds], rpe: row[column.rpe])
            if metricColumns {
                (measures.weightUnit, measures.metresPerDistance) = (.kilograms, 1)
            } else {
                measures.weightUnit = weightUnit
                measures.weightUnitText = unitColumn.map { row[$0] }
                measures.distanceUnitText = column.distanceUnit.map { row[$0] }
            }
            guard let set = file.set(sets.read(measures, line: row.line, setType: Self.setType(order), notes: row[column.notes])) else {
                continue
            }
            let name = row[column.name]
            let duration = values.duration(row[column.duration])
            let workoutNotes = row[column.workoutNotes]
            assembler.add(set, exercise: exercise, toWorkout: "\(started.microsecondsSince1970)|\(name)") {
                ImportedWorkout(name: name.isEmpty ? nil : name, startedAt: started, timeZone: values.timeZone.identifier,
                                durationSeconds: duration.flatMap { $0 > 0 ? $0 : nil },
                                notes: workoutNotes.isEmpty ? nil : workoutNotes, exercises: [])
            }
        }
        file.workouts = assembler.result
        return file
    }

    static func setType(_ order: String) -> SetType {
        switch order.uppercased() {
        case "W": return .warmup
        case "D": return .dropset
        case "F": return .failure
        default: return .normal
        }
    }
}
