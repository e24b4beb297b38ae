import AntrainJSON
import ArgumentParser

/// A query's answer in each form it can be printed in: JSON for programs, a table for people,
/// CSV for spreadsheets. Commands build all three from the same rows, so they never disagree.
struct QueryAnswer {
    /// One JSON document (an array or an object): the stable contract.
    var json: JSONValue
    /// What people read: tables, blocks and notes, in order.
    var text: [String]
    /// The rows for spreadsheets: raw values (kilograms, ISO times), headers named as in JSON.
    var csv: CSVText

    /// Prints the answer in `format` (`text` is `table`).
    func print(_ format: FormatChoice) {
        var output = Output()
        switch format {
        case .json: output.jsonLine(json)
        case .csv: csv.lines.forEach { output.line($0) }
        case .text, .table: text.forEach { output.line($0) }
        }
        output.flush()
    }
}

/// The rule shared by the commands that draw charts: a chart is for people.
enum ChartOption {
    static func check(_ chart: Bool, _ format: FormatChoice) throws {
        if chart, format == .json || format == .csv {
            throw ValidationError("--chart draws for a terminal; leave out --format \(format.rawValue), or leave out --chart for the data.")
        }
    }
}
