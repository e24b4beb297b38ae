import AntrainEvents

/// Reads FitNotes' CSV export, `Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment`
/// (`kgs` or `lbs`, empty on rows without a weight; distances in `m`, `km`, `mi`, `ft` or
/// `yd`; times as `H:MM:SS`), and the older `Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time`.
///
/// FitNotes records no time of day: each date's sets form one workout, started at noon in
/// the import's time zone (so that its day is the same in the zones around it).
struct FitNotesCSV {
    let values: ExportValues
    /// The import's `--weight-unit`, for a weight whose row names no unit.
    let weightUnit: MassUnit?

    func read(_ table: CSVTable) throws(ImportError) -> ImportedFile {
        let header = table.header
        try header.require(.fitnotes)
        let poundsColumn = header.index(of: "Weight (lbs)")
        let kilogramsColumn = header.index(of: "Weight (kgs)") ?? header.index(of: "Weight (kg)")
        let column = (
            date: header.index(of: "Date"), exercise: header.index(of: "Exercise"), category: header.index(of: "Category"),
            weight: header.index(of: "Weight") ?? poundsColumn ?? kilogramsColumn, unit: header.index(of: "Weight Unit"),
            reps: header.index(of: "Reps"), distance: header.index(of: "Distance"), distanceUnit: header.index(of: "Distance Unit"),
            time: header.index(of: "Time"), comment: header.index(of: "Comment")
        )
        guard column.weight != nil else {
            throw ImportError(line: 1, reason: "this FitNotes export has no Weight, Weight (lbs) or Weight (kgs) column")
        }
        // The older layouts name the unit in the weight's header; the current one on each row.
        let fixedUnit: MassUnit? = poundsColumn != nil ? .pounds : kilogramsColumn != nil ? .kilograms : weightUnit
        if fixedUnit == nil, column.unit == nil {
            throw ImportError(line: 1, reason: "this FitNotes export has a Weight column but no Weight Unit column: say which unit its weights are in with --weight-unit kg or --weight-unit lb")
        }
        var file = ImportedFile(format: .fitnotes)
        var assembler = WorkoutAssembler()
        let sets = SetRowReader(values: values)
        for row in table.rows {
            guard let day = values.day(row[column.date]), let started = values.instant(row[column.date] + " 12:00:00") else {
                file.skipped.append(SkippedRow(line: row.line, .date, reason: "date \"\(row[column.date])\" is not a day (YYYY-MM-DD)"))
                continue
            }
            guard let exercise = file.exerciseName(row[column.exercise], line: row.line) else { continue }
            var measures = SetRowReader.Measures(weight: row[column.weight], reps: row[column.reps], distance: row[column.distance],
                                                 seconds: row[column.time], weightUnit: fixedUnit)
            measures.weightUnitText = column.unit.map { row[$0] }
            measures.distanceUnitText = column.distanceUnit.map { row[$0] }
            guard let set = file.set(sets.read(measures, line: row.line, setType: .normal, notes: row[column.comment])) else { continue }
            assembler.add(set, exercise: exercise, category: row[column.category], toWorkout: "\(day)") {
                ImportedWorkout(name: nil, startedAt: started, timeZone: values.timeZone.identifier, durationSeconds: nil,
                                notes: nil, exercises: [])
            }
        }
        file.workouts = assembler.result
        return file
    }
}
