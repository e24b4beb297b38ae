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

    /// Every record, in the order of the contract (the five of every lift, then those of
    /// timed and distance sets): its kind (e1RM by Brzycki, the history's formula), its JSON
    /// field, what text calls it, and where an exercise's current records hold it.
    static let kinds: [(kind: RecordKind, field: String, label: String, current: any KeyPath<ExerciseRecords, PersonalRecord?> & Sendable)] = [
        (.heaviestWeight, "heaviestWeightKg", "heaviest weight", \.heaviestWeightKg),
        (.bestE1rmBrzycki, "bestE1rmKg", "best e1RM", \.bestE1rmKg),
        (.mostReps, "mostReps", "most reps", \.mostReps),
        (.bestSetVolume, "bestSetVolumeKg", "best set volume", \.bestSetVolumeKg),
        (.bestSessionVolume, "bestSessionVolumeKg", "best session volume", \.bestSessionVolumeKg),
        (.longestDuration, "longestDurationSeconds", "longest time", \.longestDurationSeconds),
        (.longestDistance, "longestDistanceMetres", "longest distance", \.longestDistanceMetres),
        (.fastestPace, "fastestPaceSecondsPerKm", "fastest pace", \.fastestPaceSecondsPerKm),
    ]

    /// The records an exercise holds, in the order of the contract.
    static func rows(of records: ExerciseRecords) -> [RecordRow] {
        kinds.compactMap { kind in
            records[keyPath: kind.current].map { RecordRow(field: kind.field, label: label(of: kind.field, formula: records.formula), record: $0) }
        }
    }

    /// What people call the record of a JSON field: text never shows the field's own name.
    static func label(of field: String, formula: OneRepMaxFormula? = nil) -> String {
        let label = kinds.first { $0.field == field }?.label ?? field
        guard field == "bestE1rmKg", let formula else { return label }
        return "\(label) (\(formula.rawValue))"
    }

    /// A pace held in seconds per kilometre, per kilometre or per mile as the setting says: `5:03 /km`.
    static func pace(secondsPerKilometre: Double, in unit: DistanceUnit) -> String {
        let seconds = unit == .miles ? secondsPerKilometre * DistanceUnit.metresPerMile / 1000 : secondsPerKilometre
        let whole = Int(seconds.rounded())
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60) /" + (unit == .miles ? "mi" : "km")
    }
}
