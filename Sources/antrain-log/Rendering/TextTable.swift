/// A table for people: columns padded to their widest cell, numbers aligned on the right.
///
/// ```
/// DATE              NAME       SETS  VOLUME
/// 2026-11-16 18:00  Squat day    12  3,450 kg
/// ```
struct TextTable {
    enum Alignment { case left, right }

    struct Column {
        var title: String
        var alignment: Alignment

        static func left(_ title: String) -> Column { Column(title: title, alignment: .left) }
        static func right(_ title: String) -> Column { Column(title: title, alignment: .right) }
    }

    var columns: [Column]
    private(set) var rows: [[String]] = []

    init(_ columns: [Column]) { self.columns = columns }

    /// Adds a row; missing cells are blank, extra ones are dropped.
    mutating func add(_ cells: [String]) {
        rows.append((0..<columns.count).map { $0 < cells.count ? cells[$0] : "" })
    }

    var isEmpty: Bool { rows.isEmpty }

    /// The header, a rule, and the rows, two spaces between columns, no trailing blanks.
    var lines: [String] {
        let widths = columns.indices.map { index in
            rows.reduce(columns[index].title.count) { max($0, $1[index].count) }
        }
        func render(_ cells: [String]) -> String {
            let padded = cells.indices.map { index -> String in
                let gap = String(repeating: " ", count: widths[index] - cells[index].count)
                return columns[index].alignment == .right ? gap + cells[index] : cells[index] + gap
            }
            return padded.joined(separator: "  ").replacingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return [render(columns.map(\.title)), rule] + rows.map(render)
    }
}

/// Label and value pairs, the labels padded to one width: for one object shown in full.
struct KeyValueBlock {
    private(set) var pairs: [(String, String)] = []

    mutating func add(_ label: String, _ value: String?) {
        if let value { pairs.append((label, value)) }
    }

    var lines: [String] {
        let width = pairs.map(\.0.count).max() ?? 0
        return pairs.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 1) + $0.1 }
    }
}

extension String {
    /// The text without spaces at its end (a left-aligned last column pads nothing useful).
    func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
