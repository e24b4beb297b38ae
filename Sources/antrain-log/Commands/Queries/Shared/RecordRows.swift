import AntrainEvents
import AntrainProjections

/// One current record of an exercise as `prs` and `exercise show` print it: its JSON field,
/// its label, and its value and set in the units of the settings.
struct RecordRow {
    /// The field of the JSON contract (`heaviestWeightKg`, `longestDurationSeconds`, ...).
    var field: String
    /// What the table calls it.
    var label: String
    var record: PersonalRecord

    /// The value for people: a weight, reps, a time, a distance or a pace in the settings' units.
    func value(_ units: UnitSettings) -> String {
        switch record.kind {
        case .mostReps: return "\(Int(record.value)) reps"
        case .longestDuration: return Shown.duration(record.value)
        case .longestDistance: return DisplayText.distance(metres: record.value, in: units.distance)
        case .fastestPace: return Self.pace(secondsPerKilometre: record.value, in: units.distance)
        default: return DisplayText.weight(kilograms: record.value, in: units.weight)
        }
    }

    /// The set that holds it, where it had a weight or reps: `100 kg × 5`.
    func set(_ units: UnitSettings) -> String {
        [record.weightKg.map { DisplayText.weight(kilograms: $0, in: units.weight) }, record.reps.map { "× \($0)" }]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The records an exercise holds, in the order of the contract: the five of every lift,
    /// then those of timed and distance sets.
    static func rows(of records: ExerciseRecords) -> [RecordRow] {
        let all: [(String, PersonalRecord?)] = [
            ("heaviestWeightKg", records.heaviestWeightKg), ("bestE1rmKg", records.bestE1rmKg), ("mostReps", records.mostReps),
            ("bestSetVolumeKg", records.bestSetVolumeKg), ("bestSessionVolumeKg", records.bestSessionVolumeKg),
            ("longestDurationSeconds", records.longestDurationSeconds), ("longestDistanceMetres", records.longestDistanceMetres),
            ("fastestPaceSecondsPerKm", records.fastestPaceSecondsPerKm),
        ]
        return all.compactMap { field, record in
            record.map { RecordRow(field: field, label: label(of: field, formula: records.formula), record: $0) }
        }
    }

    /// What people call the record of a JSON field: text never shows the field's own name.
    static func label(of field: String, formula: OneRepMaxFormula? = nil) -> String {
        switch field {
        case "heaviestWeightKg": return "heaviest weight"
        case "bestE1rmKg": return formula.map { "best e1RM (\($0.rawValue))" } ?? "best e1RM"
        case "mostReps": return "most reps"
        case "bestSetVolumeKg": return "best set volume"
        case "bestSessionVolumeKg": return "best session volume"
        case "longestDurationSeconds": return "longest time"
        case "longestDistanceMetres": return "longest distance"
        case "fastestPaceSecondsPerKm": return "fastest pace"
        default: return field
        }
    }

    /// A pace held in seconds per kilometre, per kilometre or per mile as the setting says: `5:03 /km`.
    static func pace(secondsPerKilometre: Double, in unit: DistanceUnit) -> String {
        let seconds = unit == .miles ? secondsPerKilometre * DistanceUnit.metresPerMile / 1000 : secondsPerKilometre
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60) /" + (unit == .miles ? "mi" : "km")
    }
}
