import AntrainEvents

extension ProgramAnswers {
    /// The last completed working set of an exercise, and the effort it took.
    struct LastPerformance: Equatable {
        var weight: Mass
        var reps: Int
        /// The workout's RPE, else the set's own.
        var rpe: Double?
    }

    /// Progressive overload: the arithmetic of a suggestion, kept apart from the model so
    /// that each step is easy to check by hand.
    enum Progression {
        /// The band and step for an RPE. Halves fall in the band below the next whole
        /// number's: 6.5 is easy, 8.5 is moderate.
        static func step(for rpe: Double?) -> (band: SuggestionReason.Band, percent: Double) {
            guard let rpe else { return (.unrated, 2.5) }
            if rpe < 7 { return (.easy, 5) }
            if rpe < 9 { return (.moderate, 2.5) }
            return (.hard, -2.5)
        }

        /// The plate increment of a unit: 2.5 kg, or 5 lb.
        static func increment(_ unit: MassUnit) -> Double { unit == .kilograms ? 2.5 : 5 }

        /// `last × (1 + step) × intensity`, in `unit`, rounded to the nearest increment
        /// (a half increment rounds up).
        static func suggest(after last: LastPerformance, intensity: Double, week: Int,
                            unit: MassUnit) -> (weight: Mass, reason: SuggestionReason) {
            let (band, percent) = step(for: last.rpe)
            let base = last.weight.converted(to: unit).value
            let unrounded = base * (1 + percent / 100) * intensity
            let increment = increment(unit)
            let rounded = max(0, (unrounded / increment).rounded(.toNearestOrAwayFromZero) * increment)
            let weight = Mass(rounded, unit)
            let effort = last.rpe.map { " at RPE \(plain($0))" } ?? ", no RPE"
            let sign = percent > 0 ? "+" : ""
            let text = "last \(last.weight) × \(last.reps)\(effort): \(sign)\(plain(percent))%, "
                + "week \(week) intensity \(plain(intensity)) → \(weight)"
            let reason = SuggestionReason(band: band, lastWeight: last.weight, lastReps: last.reps, lastRPE: last.rpe,
                                          stepPercent: percent, week: week, intensity: intensity,
                                          unrounded: unrounded, text: text)
            return (weight, reason)
        }

        /// The reason given when the exercise was never done.
        static func noHistory(week: Int, intensity: Double) -> SuggestionReason {
            SuggestionReason(band: .noHistory, lastWeight: nil, lastReps: nil, lastRPE: nil, stepPercent: 0,
                             week: week, intensity: intensity, unrounded: nil,
                             text: "no completed working set yet: choose a starting weight")
        }

        /// A number without a trailing ".0": 8, 8.5, 0.9.
        static func plain(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}
