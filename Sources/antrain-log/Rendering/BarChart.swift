import Foundation

/// A horizontal bar chart for the terminal: one row per point, bars in Unicode eighth blocks,
/// an optional reference mark per row (a goal, a moving average) drawn as `│`.
///
/// ```
/// Weekly volume (kg)
/// 2026-W46  ████████████████████▌              12,400
/// 2026-W47  ██████████████████████████████▏    18,250
/// ```
///
/// Rows rather than a plotted curve because each point keeps its exact label and value, and a
/// terminal of any width, or a pipe, shows it the same way.
struct BarChart {
    struct Row {
        var label: String
        var value: Double
        /// Where the reference mark goes, in the value's scale.
        var mark: Double?
        /// The value as printed after the bar.
        var text: String
    }

    var title: String
    var rows: [Row] = []
    /// What the mark means, printed under the chart when a row has one.
    var markLegend: String?
    /// The value at the bar's left end: 0 for volumes and calories; a little below the
    /// smallest value for bodyweight, whose changes would otherwise be invisible slivers.
    var baseline: Double = 0

    /// The chart's width: $COLUMNS when it is a number, else 80.
    static var terminalWidth: Int {
        ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) }.map { max(40, $0) } ?? 80
    }

    func lines(width: Int = BarChart.terminalWidth) -> [String] {
        guard !rows.isEmpty else { return [title, "(nothing to draw)"] }
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let textWidth = rows.map(\.text.count).max() ?? 0
        let barWidth = max(10, width - labelWidth - textWidth - 4)
        let top = rows.map { max($0.value, $0.mark ?? $0.value) }.max() ?? 1
        let span = top - baseline > 0 ? top - baseline : 1
        func cells(_ value: Double) -> Double { max(0, min(Double(barWidth), (value - baseline) / span * Double(barWidth))) }
        var lines = [title]
        for row in rows {
            var bar = Self.bar(eighths: Int((cells(row.value) * 8).rounded()), width: barWidth)
            if let mark = row.mark {
                let column = min(barWidth - 1, Int(cells(mark).rounded(.down)))
                let index = bar.index(bar.startIndex, offsetBy: column)
                bar.replaceSubrange(index...index, with: "│")
            }
            let label = row.label + String(repeating: " ", count: labelWidth - row.label.count)
            let text = String(repeating: " ", count: textWidth - row.text.count) + row.text
            lines.append("\(label)  \(bar)  \(text)")
        }
        if let markLegend, rows.contains(where: { $0.mark != nil }) { lines.append("│ = \(markLegend)") }
        return lines
    }

    /// `eighths` eighths of a cell filled, padded with spaces to `width` cells.
    static func bar(eighths: Int, width: Int) -> String {
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let full = min(width, eighths / 8)
        var text = String(repeating: "█", count: full)
        if full < width { text += partials[eighths % 8] }
        return text + String(repeating: " ", count: width - text.count)
    }
}
