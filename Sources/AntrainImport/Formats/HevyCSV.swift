import AntrainEvents

/// Reads Hevy's CSV export:
/// `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe`,
/// where `weight_lbs` and `distance_miles` replace their metric columns by the user's
/// setting (a file may hold both; the column with a value wins), dates look like
/// `15 Sep 2025, 07:48`, and set types are normal, warmup, dropset and failure (empty is
/// normal; older exports have no set_type column). Reps, weight, distance and duration may
/// each be empty or 0 when not measured.
struct HevyCSV {
    let values: ExportValues

    func read(_ table: CSVTable) throws(ImportError) -> ImportedFile {
        let header = table.header
        // Older exports have no set_type column: every set is then a normal one.
        try header.require(.hevy)
        let column = (
            title: header.index(of: "title"), start: header.index(of: "start_time"), end: header.index(of: "end_time"),
            description: header.index(of: "description"), exercise: header.index(of: "exercise_title"),
            exerciseNotes: header.index(of: "exercise_notes"), type: header.index(of: "set_type"),
            kg: header.index(of: "weight_kg"), lbs: header.index(of: "weight_lbs"), reps: header.index(of: "reps"),
            km: header.index(of: "distance_km"), miles: header.index(of: "distance_miles"),
            seconds: header.index(of: "duration_seconds"), rpe: header.index(of: "rpe")
        )
        var file = ImportedFile(format: .hevy)
        var assembler = WorkoutAssembler()
        let sets = SetRowReader(values: values)
        for row in table.rows {
            guard let started = values.instant(row[column.start]) else {
                file.skipped.append(SkippedRow(line: row.line, .date, reason: "start_time \"\(row[column.start])\" is not a date like \"15 Sep 2025, 07:48\""))
                continue
            }
            guard let exercise = file.exerciseName(row[column.exercise], line: row.line, missing: "no exercise_title") else { continue }
            guard let setType = Self.setType(row[column.type]) else {
                file.skipped.append(SkippedRow(line: row.line, .setType, reason: "set_type \"\(row[column.type])\" is not normal, warmup, dropset or failure"))
                continue
            }
            // A file holds the metric columns or the imperial ones by the user's setting, or
            // both; on a row the column with a value wins, metric first.
            let pounds = row[column.kg].isEmpty && !row[column.lbs].isEmpty
            let miles = row[column.km].isEmpty && !row[column.miles].isEmpty
            let measures = SetRowReader.Measures(weight: pounds ? row[column.lbs] : row[column.kg], reps: row[column.reps],
                                                 distance: miles ? row[column.miles] : row[column.km], seconds: row[column.seconds],
                                                 rpe: row[column.rpe], weightUnit: pounds ? .pounds : .kilograms,
                                                 metresPerDistance: miles ? DistanceUnit.metresPerMile : 1000)
            guard let set = file.set(sets.read(measures, line: row.line, setType: setType, notes: nil)) else { continue }
            let title = row[column.title]
            let ended = values.instant(row[column.end])
            let description = row[column.description]
            let notes = row[column.exerciseNotes]
            assembler.add(set, exercise: exercise, exerciseNotes: notes.isEmpty ? nil : notes,
                          toWorkout: "\(started.microsecondsSince1970)|\(title)") {
                let seconds = ended.map { Double($0.microsecondsSince1970 - started.microsecondsSince1970) / 1_000_000 }
                return ImportedWorkout(name: title.isEmpty ? nil : title, startedAt: started, timeZone: values.timeZone.identifier,
                                       durationSeconds: seconds.flatMap { $0 > 0 ? $0 : nil },
                                       notes: description.isEmpty ? nil : description, exercises: [])
            }
        }
        file.workouts = assembler.result
        return file
    }

    static func setType(_ text: String) -> SetType? {
        switch text.lowercased() {
        case "normal", "": return .normal
        case "warmup", "warm_up", "warm-up": return .warmup
        case "dropset", "drop_set": return .dropset
        case "failure": return .failure
        default: return nil
        }
    }
}
