import Foundation

/// The short forms lifters type for exercises (issue 38: "ohp" got "did you mean Dip?"), as
/// Strong's and Hevy's searches take them. A name typed is read with each of these words
/// written out, after it was not found as typed; whole words only, any case.
enum ExerciseAbbreviations {
    static let words: [String: String] = [
        "ohp": "overhead press",
        "rdl": "romanian deadlift",
        "db": "dumbbell",
        "bb": "barbell",
    ]

    /// `typed` with its abbreviations written out ("db bench press": "dumbbell bench press");
    /// nil when it holds none.
    static func expanded(_ typed: String) -> String? {
        var changed = false
        let parts = typed.split(separator: " ", omittingEmptySubsequences: true).map { part -> String in
            guard let long = words[part.lowercased()] else { return String(part) }
            changed = true
            return long
        }
        return changed ? parts.joined(separator: " ") : nil
    }
}
