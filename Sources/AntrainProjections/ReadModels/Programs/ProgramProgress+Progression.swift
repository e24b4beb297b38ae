import AntrainEvents

extension ProgramAnswers {
    /// The last completed working set of an exercise, the effort it took, and what the
    /// program asked of the day it was done on.
    struct LastPerformance: Equatable {
        var weight: Mass
        var reps: Int
        /// The workout's RPE, else the set's own.
        var rpe: Double?
        /// The intensity its day was planned at: the active program's day it counted for,
        /// else 1 (a workout outside the program is at the templates' own load).
        var intensity: Double = 1
        /// Whether that day was in a deload week.
        var inDeload = false
    }

    /// What the program asks of one training day: the week's modifiers, or the day's
    /// overrides of them, and the effort to aim for.
    struct DayPlan: Equatable {
        var week: Int
        var intensity: Double
        var volume: Double
        var isDeload: Bool
        var suggestedRPE: Double?

        init(week: Int, _ plan: ProgramWeek, _ day: ProgramDay) {
            self.week = week
            intensity = day.intensityOverride ?? plan.intensityModifier
            volume = day.volumeOverride ?? plan.volumeModifier
            isDeload = plan.isDeload
            suggestedRPE = day.suggestedRPE
        }
    }

    /// Progressive overload: the arithmetic of a suggestion, kept apart from the model so
    /// that each step is easy to check by hand.
    enum Progression {
        /// The band and step for an RPE (the seed's: 1 to 6 +5 %, 7 to 8 +2.5 %, 9 to 10
        /// −2.5 %, none +2.5 %). Halves fall in the band below the next whole number's: 6.5
        /// is easy, 8.5 is moderate.
        static func step(for rpe: Double?) -> (band: SuggestionReason.Band, percent: Double) {
            guard let rpe else { return (.unrated, 2.5) }
            if rpe < 7 { return (.easy, 5) }
            if rpe < 9 { return (.moderate, 2.5) }
            return (.hard, -2.5)
        }

        /// The plate increment of a unit: 2.5 kg, or 5 lb.
        static func increment(_ unit: MassUnit) -> Double { unit == .kilograms ? 2.5 : 5 }

        /// The template's sets scaled by the day's volume, rounded to the nearest whole set
        /// (a half rounds up), at least 1. A deload week whose volume is below 1 always takes
        /// at least one set off (3 × 0.9 rounds to 3, so a deload makes it 2), never below 1.
        static func sets(_ planned: Int, volume: Double, deload: Bool) -> Int {
            let sets = max(1, Int((Double(planned) * volume).rounded(.toNearestOrAwayFromZero)))
            return deload && volume < 1 && sets >= planned ? max(1, planned - 1) : sets
        }

        /// `baseline × (1 + step) × intensity`, in `unit`, rounded to the nearest increment
        /// (a half increment rounds up), where the baseline is the last weight divided by the
        /// intensity it was done at, so that week modifiers do not compound from one week to
        /// the next (after a deload at 0.6 the program goes on from the weights before it).
        /// A step up adds at least one increment to the baseline: +2.5 % of 12.5 kg would
        /// round back to 12.5 kg for ever. A deload week does not step up, and a performance
        /// in a deload week says nothing of progress, so the step after it is 0.
        static func suggest(after last: LastPerformance, for day: DayPlan, unit: MassUnit) -> (weight: Mass, reason: SuggestionReason) {
            let (band, percent) = step(for: last.rpe)
            let hold: SuggestionReason.Hold? = last.inDeload ? .afterDeload : (day.isDeload && percent > 0 ? .deloadWeek : nil)
            let applied = hold == nil ? percent : 0
            let increment = increment(unit)
            let baseline = last.weight.converted(to: unit).value / last.intensity
            var stepped = baseline * (1 + applied / 100)
            // 100 × 1.025 is 102.49999999999999 in binary: a hair keeps an exact step from counting as short.
            let minimumStep = applied > 0 && stepped + 1e-9 < baseline + increment
            if minimumStep { stepped = baseline + increment }
            let unrounded = stepped * day.intensity
            let rounded = max(0, (unrounded / increment).rounded(.toNearestOrAwayFromZero) * increment)
            let weight = Mass(rounded, unit)
            let reason = SuggestionReason(band: band, lastWeight: last.weight, lastReps: last.reps, lastRPE: last.rpe,
                                          stepPercent: percent, week: day.week, intensity: day.intensity, unrounded: unrounded,
                                          text: "", lastIntensity: last.intensity, minimumStep: minimumStep, hold: hold)
            return (weight, reason.described(weight: weight, increment: Mass(increment, unit)))
        }

        /// The first suggestion of an exercise never done whose template gives `weight`: that
        /// weight at the day's intensity (seed 004: `templateExercise.weight * weekModifier`),
        /// in `unit`, rounded to the nearest increment (a half increment rounds up).
        static func fromTemplate(_ weight: Mass, for day: DayPlan, unit: MassUnit) -> (weight: Mass, reason: SuggestionReason) {
            let increment = increment(unit)
            let unrounded = weight.converted(to: unit).value * day.intensity
            let suggested = Mass(max(0, (unrounded / increment).rounded(.toNearestOrAwayFromZero) * increment), unit)
            let text = "no completed working set yet: the template's \(weight)"
                + (day.intensity == 1 ? "" : " × intensity \(plain(day.intensity)) (week \(day.week))")
            return (suggested, SuggestionReason(band: .templateWeight, lastWeight: nil, lastReps: nil, lastRPE: nil, stepPercent: 0,
                                                week: day.week, intensity: day.intensity, unrounded: unrounded, text: text))
        }

        /// The reason given when the exercise was never done.
        static func noHistory(for day: DayPlan) -> SuggestionReason {
            SuggestionReason(band: .noHistory, lastWeight: nil, lastReps: nil, lastRPE: nil, stepPercent: 0,
                             week: day.week, intensity: day.intensity, unrounded: nil,
                             text: "no completed working set yet: choose a starting weight")
        }

        /// A number without a trailing ".0": 8, 8.5, 0.9.
        static func plain(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}

extension SuggestionReason {
    /// The reason with its text: "last 100 kg × 5 at RPE 8: +2.5%, week 3 intensity 0.9 →
    /// 92.5 kg", with what changed the arithmetic said where it did.
    func described(weight: Mass, increment: Mass) -> SuggestionReason {
        typealias P = ProgramAnswers.Progression
        guard let lastWeight, let lastReps else { return self }
        let effort = lastRPE.map { " at RPE \(P.plain($0))" } ?? ", no RPE"
        let done = lastIntensity == 1 ? "" : " (done at intensity \(P.plain(lastIntensity)))"
        var step: String
        switch hold {
        case .afterDeload: step = "held (a deload week's set)"
        case .deloadWeek: step = "held (deload week)"
        case nil: step = (stepPercent > 0 ? "+" : "") + P.plain(stepPercent) + "%"
        }
        if minimumStep { step += " (at least +\(increment))" }
        var copy = self
        // In the unit of the suggestion, so that one reason never mixes kilograms and pounds.
        let last = lastWeight.unit == weight.unit ? lastWeight
            : Mass((lastWeight.converted(to: weight.unit).value * 10).rounded() / 10, weight.unit)
        copy.text = "last \(last) × \(lastReps)\(effort)\(done): \(step), week \(week) intensity \(P.plain(intensity)) → \(weight)"
        return copy
    }
}
