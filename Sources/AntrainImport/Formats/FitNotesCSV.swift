import AntrainEvents

/// Reads FitNotes' CSV export, `Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment`
/// (`kgs` or `lbs`), and the older `Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time`.
///
/// FitNotes records no time of day: each date's sets form one workout, started at noon in
/// the import's time zone (so that its day is the same in the zones around it).
struct FitNotesCSV {
    let values: ExportValues

    func read(_ table: CSVTable) throws(ImportError) -> ImportedFile {
        let header = table.header
        guard header.contains(all: ["Date", "Exercise", "Category", "Reps"]) else {
            throw ImportError(line: 1, reason: "this is not a FitNotes export: the header lacks Date, Exercise, Category or Reps")
        }
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
        var file = ImportedFile(format: .fitnotes)
        var assembler = WorkoutAssembler()
        let sets = SetRowReader(values: values)
        for row in table.rows {
            guard let day = values.day(row[column.date]), let started = values.instant(row[column.date] + " 12:00:00") else {
                file.skipped.append(SkippedRow(line: row.line, reason: "date \"\(row[column.date])\" is not a day (YYYY-MM-DD)"))
                continue
            }
            let exercise = row[column.exercise]
            guard !exercise.isEmpty else {
                file.skipped.append(SkippedRow(line: row.line, reason: "no exercise name"))
                continue
            }
            let unit: MassUnit
            if let unitColumn = column.unit {
                guard let found = StrongCSV.massUnit(row[unitColumn]) ?? (row[unitColumn].isEmpty ? .kilograms : nil) else {
                    file.skipped.append(SkippedRow(line: row.line, reason: "weight unit \"\(row[unitColumn])\" is neither kgs nor lbs"))
                    continue
                }
                unit = found
            } else {
                unit = poundsColumn != nil ? .pounds : .kilograms
            }
            let distanceUnit = row[column.distanceUnit]
            guard distanceUnit.isEmpty || StrongCSV.metres(per: distanceUnit) != nil else {
                file.skipped.append(SkippedRow(line: row.line, reason: "distance unit \"\(distanceUnit)\" is not m, km, mi, ft or yd"))
                continue
            }
            let measures = SetRowReader.Measures(weight: row[column.weight], weightUnit: unit, reps: row[column.reps],
                                                 distance: row[column.distance],
                                                 metresPerDistanceUnit: StrongCSV.metres(per: distanceUnit) ?? 1000,
                                                 seconds: row[column.time], rpe: "")
            switch sets.read(measures, line: row.line, setType: .normal, notes: row[column.comment]) {
            case let .failure(skipped): file.skipped.append(skipped)
            case let .success(set):
                assembler.add(set, exercise: exercise, category: row[column.category], toWorkout: "\(day)") {
                    ImportedWorkout(name: nil, startedAt: started, timeZone: values.timeZone.identifier, durationSeconds: nil,
                                    notes: nil, exercises: [])
                }
            }
        }
        file.workouts = assembler.result
        return file
    }
}
