/// A file that cannot be imported at all: what is wrong and on which line.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line, counting from 1 (the header).
    public var line: Int
    /// What is wrong, and what was expected.
    public var reason: String
    /// For a file read as the wrong format: the format its header is, when it is one.
    public var headerFormat: ImportFormat?

    /// An error on `line`; `headerFormat` names the format a mismatched header is.
    public init(line: Int, reason: String, headerFormat: ImportFormat? = nil) {
        self.line = line
        self.reason = reason
        self.headerFormat = headerFormat
    }

    public var description: String { "line \(line): \(reason)" }
}

/// A row left out of an import, with its line, the kind of reason and the reason itself.
public struct SkippedRow: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The line the row starts on.
    public var line: Int
    /// The category of the reason, which the summary counts rows by.
    public var kind: SkipKind
    /// Why it was left out, naming the value and what is allowed.
    public var reason: String

    /// A row skipped for `reason`, of the category `kind`.
    public init(line: Int, _ kind: SkipKind, reason: String) {
        self.line = line
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
