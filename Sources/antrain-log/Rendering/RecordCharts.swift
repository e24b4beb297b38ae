import AntrainEvents
import AntrainProjections

/// The charts of `prs EXERCISE --chart`: each time the best e1RM, then the heaviest weight,
/// was beaten, oldest first.
enum RecordCharts {
    static func lines(exercise: String, formula: OneRepMaxFormula, e1rm: [PersonalRecord], heaviest: [PersonalRecord],
                      unit: MassUnit) -> [String] {
        func chart(_ title: String, _ records: [PersonalRecord]) -> BarChart {
            var chart = BarChart(title: title)
            chart.rows = records.map { record in
                let value = unit == .kilograms ? record.value : record.value / Mass.kilogramsPerPound
                let set = [record.weightKg.map { DisplayText.weight(kilograms: $0, in: unit) }, record.reps.map { "× \($0)" }]
                    .compactMap { $0 }.joined(separator: " ")
                return BarChart.Row(label: String(DisplayText.localMinute(record.achievedAt).prefix(10)), value: value, mark: nil,
                                    text: "\(DisplayText.number(value)) \(unit.rawValue)  (\(set))")
            }
            return chart
        }
        return chart("\(exercise): best e1RM (\(formula.rawValue)), \(unit.rawValue)", e1rm).lines() + [""]
            + chart("\(exercise): heaviest weight, \(unit.rawValue)", heaviest).lines()
    }
}
