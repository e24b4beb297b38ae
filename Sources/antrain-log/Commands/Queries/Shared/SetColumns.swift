import AntrainEvents
import AntrainProjections
import Foundation

/// The columns of one exercise's sets in `show`: only the measures its sets have, so that a
/// timed set shows under TIME, a distance under DISTANCE (with the pace when a set has both),
/// and a lift's weight and reps under WEIGHT and REPS.
struct SetColumns {
    var hasLift: Bool
    var hasTime: Bool
    var hasDistance: Bool
    var hasPace: Bool
    var hasRest: Bool
    var unit: MassUnit
    var distanceUnit: DistanceUnit

    /// The columns `performances` need; weight and reps when they hold no measure at all.
    init(_ performances: [SetPerformance], unit: MassUnit, distanceUnit: DistanceUnit) {
        hasTime = performances.contains { $0.durationSeconds != nil }
        hasDistance = performances.contains { $0.distanceMetres != nil }
        hasPace = performances.contains { Self.pace($0) != nil }
        hasRest = performances.contains { $0.restSeconds != nil }
        hasLift = performances.contains { $0.reps != nil || $0.weight != nil } || !(hasTime || hasDistance)
        self.unit = unit
        self.distanceUnit = distanceUnit
    }

    /// Seconds per kilometre of a set with both a duration and a distance.
    static func pace(_ performance: SetPerformance) -> Double? {
        pace(seconds: performance.durationSeconds, metres: performance.distanceMetres)
    }

    /// Seconds per kilometre of a time over a distance; nil without both (or over no distance).
    static func pace(seconds: Double?, metres: Double?) -> Double? {
        guard let seconds, let metres, metres > 0 else { return nil }
        return seconds * 1000 / metres
    }

    /// The sets as a table: number, short id, type, the measures, RPE, done, notes.
    func table(_ sets: [WorkoutSet]) -> TextTable {
        var columns: [TextTable.Column] = [.right("#"), .left("SET"), .left("TYPE")]
        if hasLift { columns += [.right("WEIGHT"), .right("REPS")] }
        if hasTime { columns.append(.right("TIME")) }
        if hasDistance { columns.append(.right("DISTANCE")) }
        if hasPace { columns.append(.right("PACE")) }
        if hasRest { columns.append(.right("REST")) }
        columns += [.right("RPE"), .left("DONE"), .left("NOTES")]
        var table = TextTable(columns)
        for (index, set) in sets.enumerated() {
            let performance = set.performance
            var cells = [String(index + 1), String(set.setID.uuidString.prefix(8)), performance.setType.rawValue]
            if hasLift {
                cells.append(performance.weight.map { DisplayText.weight(kilograms: $0.kilograms, in: unit) } ?? "")
                cells.append(performance.reps.map(String.init) ?? "")
            }
            if hasTime { cells.append(performance.durationSeconds.map(Shown.duration) ?? "") }
            if hasDistance { cells.append(performance.distanceMetres.map { DisplayText.distance(metres: $0, in: distanceUnit) } ?? "") }
            if hasPace { cells.append(Self.pace(performance).map { RecordRow.pace(secondsPerKilometre: $0, in: distanceUnit) } ?? "") }
            if hasRest { cells.append(performance.restSeconds.map { Shown.duration(Double($0)) } ?? "") }
            cells += [performance.rpe.map { DisplayText.number($0) } ?? "", performance.completed ? "yes" : "no", performance.notes ?? ""]
            table.add(cells)
        }
        return table
    }
}
