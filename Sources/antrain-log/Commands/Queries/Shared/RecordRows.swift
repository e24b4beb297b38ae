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
        let all: [(String, String, PersonalRecord?)] = [
            ("heaviestWeightKg", "heaviest weight", records.heaviestWeightKg),
            ("bestE1rmKg", "best e1RM (\(records.formula.rawValue))", records.bestE1rmKg),
            ("mostReps", "most reps", records.mostReps),
            ("bestSetVolumeKg", "best set volume", records.bestSetVolumeKg),
            ("bestSessionVolumeKg", "best session volume", records.bestSessionVolumeKg),
            ("longestDurationSeconds", "longest time", records.longestDurationSeconds),
            ("longestDistanceMetres", "longest distance", records.longestDistanceMetres),
            ("fastestPaceSecondsPerKm", "fastest pace", records.fastestPaceSecondsPerKm),
        ]
        return all.compactMap { field, label, record in record.map { RecordRow(field: field, label: label, record: $0) } }
    }

    /// A pace held in seconds per kilometre, per kilometre or per mile as the setting says: `5:03 /km`.
    static func pace(secondsPerKilometre: Double, in unit: DistanceUnit) -> String {
        let seconds = unit == .miles ? secondsPerKilometre * DisplayText.metresPerMile / 1000 : secondsPerKilometre
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60) /" + (unit == .miles ? "mi" : "km")
    }
}
