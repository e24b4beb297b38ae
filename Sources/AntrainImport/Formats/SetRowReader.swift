import AntrainEvents

/// Turns the measures of one exported set row into an ``ImportedSet``, or the reason it is
/// not a set. Exports write 0 for a measure that was not taken, so 0 means absent here.
struct SetRowReader {
    let values: ExportValues

    struct Measures {
        var weight: String
        var weightUnit: MassUnit
        var reps: String
        var distance: String
        var metresPerDistanceUnit: Double
        var seconds: String
        var rpe: String
    }

    /// The set, or the reason the row is skipped.
    func read(_ measures: Measures, line: Int, setType: SetType, notes: String?) -> Result<ImportedSet, SkippedRow> {
        func skip(_ reason: String) -> Result<ImportedSet, SkippedRow> { .failure(SkippedRow(line: line, reason: reason)) }
        guard let weight = values.number(measures.weight) else { return skip("weight \"\(measures.weight)\" is not a number") }
        guard let reps = values.count(measures.reps) else { return skip("reps \"\(measures.reps)\" is not a whole number") }
        guard let distance = values.number(measures.distance) else { return skip("distance \"\(measures.distance)\" is not a number") }
        guard let seconds = values.duration(measures.seconds.isEmpty ? "0" : measures.seconds) else {
            return skip("time \"\(measures.seconds)\" is not a duration")
        }
        guard let rpe = values.number(measures.rpe) else { return skip("RPE \"\(measures.rpe)\" is not a number") }
        if let weight, weight < 0 { return skip("weight \(measures.weight) is negative") }
        if let reps, reps < 0 { return skip("reps \(measures.reps) is negative") }
        let positiveReps = reps.flatMap { $0 > 0 ? $0 : nil }
        let positiveDistance = distance.flatMap { $0 > 0 ? $0 * measures.metresPerDistanceUnit : nil }
        let positiveSeconds = seconds > 0 ? seconds : nil
        guard positiveReps != nil || positiveDistance != nil || positiveSeconds != nil else {
            return skip("no reps, time or distance: not a performed set")
        }
        var set = ImportedSet(line: line, setType: setType, reps: positiveReps, weight: nil,
                              durationSeconds: positiveSeconds, distanceMetres: positiveDistance,
                              rpe: rpe.flatMap { $0 > 0 ? $0 : nil }, notes: notes.flatMap { $0.isEmpty ? nil : $0 })
        if let weight, weight > 0, positiveReps != nil { set.weight = Mass(weight, measures.weightUnit) }
        return .success(set)
    }
}
