import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections

/// One workout in the three forms of `show`.
struct WorkoutDetail {
    var workout: Workout
    var unit: MassUnit
    /// The distance unit setting, which text shows distances in (JSON and CSV keep metres).
    var distanceUnit: DistanceUnit = .kilometres

    var answer: QueryAnswer { QueryAnswer(json: json, text: text, csv: csv) }

    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.add("id", QueryJSON.id(workout.id))
        object.add("startedAt", QueryJSON.time(workout.startedAt))
        object.add("endedAt", ifPresent: workout.endedAt.map(QueryJSON.time))
        object.add("type", .string(workout.type.rawValue))
        object.add("name", ifPresent: workout.name.map { .string($0) })
        object.add("status", .string(workout.status.rawValue))
        object.add("timeZone", .string(workout.timeZone))
        object.add("durationSeconds", ifPresent: workout.durationSeconds.map(QueryJSON.number))
        object.add("notes", ifPresent: workout.notes.map { .string($0) })
        object.add("rpe", ifPresent: workout.rpe.map(QueryJSON.number))
        object.add("sets", .integer(workout.completedSets))
        object.add("volumeKg", QueryJSON.number(workout.volumeKg))
        object.add("exercises", .array(workout.exercises.map { exercise in
            .object([("exercise", .string(exercise.exerciseName)), ("exerciseId", QueryJSON.id(exercise.exerciseID)),
                     ("volumeKg", QueryJSON.number(exercise.sets.reduce(0) { $0 + $1.volumeKg })),
                     ("sets", .array(exercise.sets.map(Self.json)))])
        }))
        object.add("cardio", ifPresent: workout.cardio.map { cardio in
            var details = JSONObjectBuilder()
            details.add("activity", .string(cardio.activity.rawValue))
            details.add("distanceMetres", ifPresent: cardio.distanceMetres.map(QueryJSON.number))
            details.add("paceSecondsPerKilometre", ifPresent: cardio.paceSecondsPerKilometre.map(QueryJSON.number))
            return details.value
        })
        object.add("metcon", ifPresent: workout.metcon.map { metcon in
            var details = JSONObjectBuilder()
            details.add("format", .string(metcon.format.rawValue))
            details.add("rounds", ifPresent: metcon.rounds.map { .integer($0) })
            details.add("result", ifPresent: metcon.result.map { .string($0) })
            return details.value
        })
        return object.value
    }

    static func json(_ set: WorkoutSet) -> JSONValue {
        let performance = set.performance
        var object = JSONObjectBuilder()
        object.add("setId", QueryJSON.id(set.setID))
        object.add("setType", .string(performance.setType.rawValue))
        object.add("reps", ifPresent: performance.reps.map { .integer($0) })
        object.add("weightKg", ifPresent: performance.weight.map { QueryJSON.number($0.kilograms) })
        object.add("weight", ifPresent: performance.weight.map { .object([("value", QueryJSON.number($0.value)), ("unit", .string($0.unit.rawValue))]) })
        object.add("durationSeconds", ifPresent: performance.durationSeconds.map(QueryJSON.number))
        object.add("distanceMetres", ifPresent: performance.distanceMetres.map(QueryJSON.number))
        object.add("paceSecondsPerKm", ifPresent: SetColumns.pace(performance).map(QueryJSON.number))
        object.add("restSeconds", ifPresent: performance.restSeconds.map { .integer($0) })
        object.add("completed", .bool(performance.completed))
        object.add("rpe", ifPresent: performance.rpe.map(QueryJSON.number))
        object.add("notes", ifPresent: performance.notes.map { .string($0) })
        object.add("loggedAt", QueryJSON.time(set.loggedAt))
        object.add("volumeKg", QueryJSON.number(set.volumeKg))
        return object.value
    }

    /// A session's pace in seconds per kilometre: as logged, else its time over its distance.
    static func pace(_ cardio: CardioDetails, durationSeconds: Double?) -> Double? {
        cardio.paceSecondsPerKilometre ?? SetColumns.pace(seconds: durationSeconds, metres: cardio.distanceMetres)
    }

    var text: [String] {
        var block = KeyValueBlock()
        block.add("workout", workout.name.map { "\($0) (\(workout.type.rawValue))" } ?? workout.type.rawValue)
        block.add("id", workout.id.uuidString)
        block.add("started", DisplayText.localMinute(workout.startedAt))
        block.add("ended", workout.endedAt.map(DisplayText.localMinute))
        // A quick log's time is its result, shown as it was typed (27m30s); a lifting
        // workout's length to the minute.
        let quickLog = workout.cardio != nil || workout.metcon != nil
        block.add("duration", workout.durationSeconds.map { quickLog ? Shown.duration($0) : "\(Int($0 / 60)) min" })
        block.add("status", DisplayText.words(workout.status))
        block.add("RPE", workout.rpe.map { DisplayText.number($0) })
        // A session that lifted nothing says so by its type and distance, not by "0 kg".
        if !quickLog || workout.volumeKg != 0 {
            block.add("sets", String(workout.completedSets))
            block.add("volume", DisplayText.volume(kilograms: workout.volumeKg, in: unit))
        }
        block.add("notes", workout.notes)
        if let cardio = workout.cardio {
            block.add("activity", DisplayText.words(cardio.activity))
            block.add("distance", cardio.distanceMetres.map { DisplayText.distance(metres: $0, in: distanceUnit) })
            block.add("pace", Self.pace(cardio, durationSeconds: workout.durationSeconds).map {
                RecordRow.pace(secondsPerKilometre: $0, in: distanceUnit)
            })
        }
        if let metcon = workout.metcon {
            block.add("format", DisplayText.words(metcon.format))
            block.add("rounds", metcon.rounds.map(String.init))
            block.add("result", metcon.result)
        }
        var lines = block.lines
        // Numbered by place: `workout remove-exercise 2` and `workout reorder` take these numbers.
        for (index, exercise) in workout.exercises.enumerated() {
            let table = SetColumns(exercise.sets.map(\.performance), unit: unit, distanceUnit: distanceUnit).table(exercise.sets)
            let volume = exercise.sets.reduce(0) { $0 + $1.volumeKg }
            // A cardio session's own exercise has no volume to show ("Running: 0 kg").
            let heading = "\(index + 1). \(exercise.exerciseName)"
                + (quickLog && volume == 0 ? "" : ": \(DisplayText.volume(kilograms: volume, in: unit))")
            lines += ["", heading] + table.lines
        }
        return lines
    }

    var csv: CSVText {
        var csv = CSVText(["exercise", "exerciseId", "set", "setType", "weightKg", "reps", "durationSeconds", "distanceMetres",
                           "completed", "rpe", "loggedAt", "volumeKg", "setId", "restSeconds", "paceSecondsPerKm"])
        let number = { (value: Double?) in value.map { DisplayText.number($0, decimals: 6) } ?? "" }
        for exercise in workout.exercises {
            for (index, set) in exercise.sets.enumerated() {
                let performance = set.performance
                csv.add([exercise.exerciseName, exercise.exerciseID.uuidString, String(index + 1), performance.setType.rawValue,
                         number(performance.weight?.kilograms), performance.reps.map(String.init) ?? "", number(performance.durationSeconds),
                         number(performance.distanceMetres), String(performance.completed), number(performance.rpe),
                         TimeText.utc(microseconds: set.loggedAt.microsecondsSince1970), number(set.volumeKg),
                         set.setID.uuidString, performance.restSeconds.map(String.init) ?? "", number(SetColumns.pace(performance))])
            }
        }
        return csv
    }
}
