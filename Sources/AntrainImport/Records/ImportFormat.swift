/// The exports Antrain reads.
///
/// ```swift
/// let header = CSVHeader(names: ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"])
/// ImportFormat.strong.missingColumns(in: header)     // []
/// ImportFormat.matching(header)                      // [.strong]
/// ```
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
    /// Strong (four header layouts).
    case strong
    /// Hevy.
    case hevy
    /// FitNotes.
    case fitnotes
    /// Cronometer's servings export.
    case cronometer

    /// How messages name it.
    public var displayName: String {
        switch self {
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .cronometer: "Cronometer servings"
        }
    }

    /// The columns every layout of the format has, as its exports spell them (any case).
    public var requiredColumns: [String] {
        switch self {
        case .strong: ["Date", "Workout Name", "Exercise Name", "Set Order", "Reps"]
        case .hevy: ["title", "start_time", "exercise_title", "reps"]
        case .fitnotes: ["Date", "Exercise", "Category", "Reps"]
        case .cronometer: ["Day", "Group", "Food Name", "Amount"]
        }
    }

    /// The required columns `header` lacks.
    public func missingColumns(in header: CSVHeader) -> [String] {
        requiredColumns.filter { header.index(of: $0) == nil }
    }

    /// The formats whose required columns `header` has: what a file given with the wrong
    /// `--source` most likely is.
    public static func matching(_ header: CSVHeader) -> [ImportFormat] {
        allCases.filter { $0.missingColumns(in: header).isEmpty }
    }
}
