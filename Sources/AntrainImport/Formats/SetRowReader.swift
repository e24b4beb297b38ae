import AntrainEvents

/// Turns the measures of one exported set row into an ``ImportedSet``, or the reason it is
/// not a set. The rules are the same for every format:
///
/// - an empty cell and `0` both mean "not measured" (exports write either), so a row of a
///   push-up has reps and no weight, a plank a time, a run a distance and a time;
/// - a unit is needed only for a value it qualifies: a row without a weight needs no weight
///   unit, a row without a distance no distance unit;
/// - a row is skipped only when it cannot be a set: nothing performed (no reps, time or
///   distance), or a value that cannot be read, each with the value and what is allowed.
struct SetRowReader {
    let values: ExportValues

    /// One row's cells, as written, and the units its layout fixes.
    struct Measures {
        var weight = ""
        var reps = ""
        var distance = ""
        var seconds = ""
        var rpe = ""
        /// The row's weight unit as written, when the layout has a unit column.
        var weightUnitText: String?
        /// The unit of weights the layout fixes, else the import's `--weight-unit`.
        var weightUnit: MassUnit?
        /// The row's distance unit as written, when the layout has a unit column.
        var distanceUnitText: String?
        /// Metres in the distance unit the layout fixes; nil: the one that goes with the weight unit.
        var metresPerDistance: Double?
    }

    /// The set, or the reason the row is skipped.
    func read(_ measures: Measures, line: Int, setType: SetType, notes: String?) -> Result<ImportedSet, SkippedRow> {
        func skip(_ kind: SkipKind, _ reason: String) -> Result<ImportedSet, SkippedRow> {
            .failure(SkippedRow(line: line, kind, reason: reason))
        }
        guard let weight = values.number(measures.weight) else { return skip(.weight, "weight \"\(measures.weight)\" is not a number") }
        guard let reps = values.count(measures.reps) else { return skip(.reps, "reps \"\(measures.reps)\" is not a whole number") }
        guard let distance = values.number(measures.distance) else { return skip(.distance, "distance \"\(measures.distance)\" is not a number") }
        guard let seconds = measures.seconds.isEmpty ? 0 : values.duration(measures.seconds) else {
            return skip(.time, "time \"\(measures.seconds)\" is not a duration (seconds, M:SS, H:MM:SS or 1h 5m)")
        }
        if let weight, weight < 0 { return skip(.weight, "weight \(measures.weight) is negative: a load is 0 or more") }
        if let reps, reps < 0 { return skip(.reps, "reps \(measures.reps) is negative") }
        if let distance, distance < 0 { return skip(.distance, "distance \(measures.distance) is negative") }
        if seconds < 0 { return skip(.time, "time \(measures.seconds) is negative") }
        let positiveReps = reps.flatMap { $0 > 0 ? $0 : nil }
        let positiveWeight = weight.flatMap { $0 > 0 ? $0 : nil }
        guard positiveReps != nil || (distance ?? 0) > 0 || seconds > 0 else {
            return skip(.notPerformed, "no reps, time or distance: not a performed set")
        }
        let rowUnit = measures.weightUnitText.flatMap { $0.isEmpty ? nil : $0 }
        var unit = measures.weightUnit
        if let rowUnit {
            // A unit written on a row without a weight qualifies nothing: only a weighted row needs one it can read.
            if let known = ExportUnits.mass(rowUnit) { unit = known } else if positiveWeight != nil {
                return skip(.weightUnit, "weight unit \"\(rowUnit)\" is neither \(ExportUnits.massNames)")
            }
        }
        if let positiveWeight, unit == nil {
            return skip(.weightUnit, "weight \(Self.text(positiveWeight)) has no unit: write \(ExportUnits.massNames) beside it, or give --weight-unit kg or lb")
        }
        var metres: Double?
        if let distance, distance > 0 {
            let written = measures.distanceUnitText ?? ""
            if !written.isEmpty {
                guard let perUnit = ExportUnits.metres(per: written) else {
                    return skip(.distanceUnit, "distance unit \"\(written)\" is not \(ExportUnits.distanceNames)")
                }
                metres = distance * perUnit
            } else {
                metres = distance * (measures.metresPerDistance ?? ExportUnits.metresPerDistance(with: unit))
            }
        }
        // An RPE is not what makes a set: one that cannot be read, or lies outside the events'
        // 1 to 10, leaves the set without an RPE and its text in the notes.
        var rpe: Double?
        var rpeNote: String?
        switch values.number(measures.rpe) {
        case let .some(.some(value)) where (1...10).contains(value): rpe = value
        case .some(.some(0)), .some(.none): break
        default: rpeNote = "RPE \(measures.rpe)"
        }
        let setNotes = [rpeNote, notes.flatMap { $0.isEmpty ? nil : $0 }].compactMap { $0 }.joined(separator: "; ")
        var set = ImportedSet(line: line, setType: setType, reps: positiveReps, weight: nil,
                              durationSeconds: seconds > 0 ? seconds : nil, distanceMetres: metres,
                              rpe: rpe, notes: setNotes.isEmpty ? nil : setNotes)
        // The weight of reps, or the load of a timed or distance set (a weighted plank, a carry).
        if let positiveWeight, let unit { set.weight = Mass(positiveWeight, unit) }
        return .success(set)
    }

    /// `60`, `62.5`: a number as the export would write it.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
