/// The names of a table's columns, looked up without regard to case or surrounding spaces.
public struct CSVHeader: Sendable, Equatable {
    /// The names as written.
    public let names: [String]
    private let normalized: [String]

    /// A header from its fields.
    public init(names: [String]) {
        self.names = names
        normalized = names.map(Self.normalize)
    }

    /// The position of the column named `name`, if any.
    public func index(of name: String) -> Int? {
        normalized.firstIndex(of: Self.normalize(name))
    }

    /// Refuses a file that is not an export of `format` (line 1), naming the columns it lacks
    /// and, when its header is another format's, that format and its `--source`.
    func require(_ format: ImportFormat) throws(ImportError) {
        let missing = format.missingColumns(in: self)
        guard !missing.isEmpty else { return }
        let listed = missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing[missing.count - 1]
        var reason = "this is not a \(format.displayName) export: the header lacks \(listed)"
        let other = ImportFormat.matching(self).first
        if let other { reason += "; it is the header of a \(other.displayName) export" }
        throw ImportError(line: 1, reason: reason, headerFormat: other)
    }

    /// The first column whose name starts with `prefix` (for "Protein (g)" and the like).
    public func index(startingWith prefix: String) -> Int? {
        let wanted = Self.normalize(prefix)
        return normalized.firstIndex { $0.hasPrefix(wanted) }
    }

    private static func normalize(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
