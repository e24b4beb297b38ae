import AntrainEvents

/// How a set's weight and reps become an estimated one-rep max (e1RM).
///
/// Every formula takes only sets of 1 to 12 reps: beyond 12 the estimates drift too far to
/// compare. ``PersonalRecords`` keeps the best estimate of each formula, so the setting can
/// change without a rebuild.
public enum OneRepMaxFormula: String, StringCodedEnum {
    /// Brzycki: weight × 36 / (37 − reps). The default.
    case brzycki
    /// Epley: weight × (1 + reps / 30); a single is its own weight.
    case epley
    /// The RTS (Tuchscherer) RPE chart: weight / percentage of 1RM for the reps and RPE.
    /// Sets without an RPE, or with one outside 6.5 to 10 in half steps, have no estimate.
    case rpe

    /// The most reps a set may have for an estimate.
    public static let maxReps = 12

    /// The estimated one-rep max of `reps` at `weightKg` (and `rpe` for the chart), or nil
    /// when the formula cannot estimate it.
    public func estimate(weightKg: Double, reps: Int, rpe: Double?) -> Double? {
        guard weightKg > 0, (1...Self.maxReps).contains(reps) else { return nil }
        switch self {
        case .brzycki:
            // At 1 rep 36 / 36 is exactly 1: a single is its own weight.
            return weightKg * 36 / Double(37 - reps)
        case .epley:
            return reps == 1 ? weightKg : weightKg * (1 + Double(reps) / 30)
        case .rpe:
            guard let percent = Self.rpePercent(reps: reps, rpe: rpe) else { return nil }
            return weightKg * 100 / percent
        }
    }

    /// The percentage of 1RM the RTS chart gives for `reps` at `rpe`, or nil off the chart.
    public static func rpePercent(reps: Int, rpe: Double?) -> Double? {
        guard let rpe, (1...maxReps).contains(reps), rpe >= 6.5, rpe <= 10 else { return nil }
        let halfSteps = (10 - rpe) * 2
        guard halfSteps == halfSteps.rounded() else { return nil }
        // The chart is one sequence read diagonally: each extra rep, like each half point of
        // RPE less, moves one step down it (1 rep @ 10 is 100 %, 2 @ 10 and 1 @ 9 are 95.5 %).
        return rpeChart[(reps - 1) * 2 + Int(halfSteps)]
    }

    /// Percentages of 1RM down the RTS chart's diagonal, from 1 rep at RPE 10 to 12 reps at RPE 6.5.
    static let rpeChart: [Double] = [
        100, 97.8, 95.5, 93.9, 92.2, 90.7, 89.2, 87.8, 86.3, 85.0, 83.7, 82.4, 81.1, 79.9, 78.6,
        77.4, 76.2, 75.1, 73.9, 72.3, 70.7, 69.4, 68.0, 66.7, 65.3, 64.0, 62.6, 61.3, 59.9, 58.6,
    ]

    /// The record kind that holds this formula's best estimate.
    public var recordKind: RecordKind {
        switch self {
        case .brzycki: .bestE1rmBrzycki
        case .epley: .bestE1rmEpley
        case .rpe: .bestE1rmRPE
        }
    }
}
