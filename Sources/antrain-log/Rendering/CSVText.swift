/// Comma-separated values as RFC 4180 writes them, for spreadsheets: a header line, then one
/// line per row; a field holding a comma, a quote or a line break is quoted, its quotes doubled.
struct CSVText {
    var header: [String]
    private(set) var rows: [[String]] = []

    init(_ header: [String]) { self.header = header }

    mutating func add(_ fields: [String]) { rows.append(fields) }

    var lines: [String] { ([header] + rows).map { $0.map(Self.field).joined(separator: ",") } }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
