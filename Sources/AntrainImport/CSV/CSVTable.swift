import Foundation

/// A delimited text file read whole: its header and its rows, each with the line it starts on.
///
/// ```swift
/// let table = try CSVTable(parsing: text)          // delimiter found from the header
/// let weight = table.header.index(of: "Weight")    // case-insensitive
/// for row in table.rows { print(row.line, row[weight!]) }
/// ```
///
/// It reads RFC 4180 and what apps really write: commas or semicolons, fields quoted or
/// not, `""` inside quotes, quoted fields spanning lines (notes with line breaks), CRLF or
/// LF, a UTF-8 byte order mark, and blank lines (skipped).
public struct CSVTable: Sendable {
    /// The header's fields.
    public let header: CSVHeader
    /// The data rows, in file order.
    public let rows: [CSVRow]
    /// The field separator found in the header.
    public let delimiter: Character

    /// Parses `text`; the delimiter is `;` when the header holds more of them than commas.
    public init(parsing text: String) throws(ImportError) {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let headerLine = body.prefix { $0 != "\n" && $0 != "\r\n" }
        let delimiter: Character = Self.count(";", outsideQuotesIn: headerLine) > Self.count(",", outsideQuotesIn: headerLine) ? ";" : ","
        var records = try Self.records(in: body, delimiter: delimiter)
        guard !records.isEmpty else { throw ImportError(line: 1, reason: "the file is empty: a header line was expected") }
        let first = records.removeFirst()
        self.header = CSVHeader(names: first.fields)
        self.rows = records.filter { !($0.fields.count == 1 && $0.fields[0].isEmpty) }
        self.delimiter = delimiter
    }

    private static func count(_ character: Character, outsideQuotesIn line: Substring) -> Int {
        var quoted = false
        var count = 0
        for c in line {
            if c == "\"" { quoted.toggle() } else if c == character, !quoted { count += 1 }
        }
        return count
    }

    /// Splits the text into records of fields; a quoted field may hold delimiters and line breaks.
    private static func records(in text: Substring, delimiter: Character) throws(ImportError) -> [CSVRow] {
        var rows: [CSVRow] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteOpenedOn = 0
        var afterQuote = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            if quoted {
                if c == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        quoted = false
                        afterQuote = true
                    }
                } else {
                    if c == "\n" || c == "\r\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !afterQuote:
                quoted = true
                quoteOpenedOn = line
            case delimiter:
                fields.append(field)
                field = ""
                afterQuote = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                rows.append(CSVRow(line: rowLine, fields: fields))
                (fields, field, afterQuote) = ([], "", false)
                line += 1
                rowLine = line
            default:
                // Text after a closing quote ("ab"c) is kept as written rather than refused:
                // exports do not produce it, and dropping it would lose data silently.
                field.append(c)
            }
        }
        if quoted { throw ImportError(line: quoteOpenedOn, reason: "a quoted field opened on this line is never closed") }
        if !field.isEmpty || !fields.isEmpty || afterQuote {
            fields.append(field)
            rows.append(CSVRow(line: rowLine, fields: fields))
        }
        return rows
    }
}

/// One data row: the line it starts on (1 is the header) and its fields.
public struct CSVRow: Sendable, Equatable {
    /// The file line the row starts on, counting from 1.
    public let line: Int
    /// The fields, unquoted.
    public let fields: [String]

    /// The field at `index`, trimmed of spaces, or "" when the row is shorter.
    public subscript(index: Int?) -> String {
        guard let index, index < fields.count else { return "" }
        return fields[index].trimmingCharacters(in: .whitespaces)
    }
}
