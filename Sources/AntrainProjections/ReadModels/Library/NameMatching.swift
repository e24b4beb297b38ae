import Foundation

/// How names typed by users are matched against the library's: ignoring case and surrounding
/// white space, and, on a miss, the close names for a "did you mean".
package enum NameMatching {
    /// Lower case, without surrounding white space: the form names are compared in.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The normalized name in Unicode's composed form (NFC), as the `name_key` column holds it.
    ///
    /// Swift compares strings by canonical equivalence ("é" typed as one character equals "e"
    /// and a combining accent); SQLite compares bytes. Two names are canonically equivalent
    /// exactly when their composed forms have the same bytes, so an indexed equality on this
    /// key finds what `normalized(a) == normalized(b)` finds.
    package static func key(_ name: String) -> String {
        normalized(name).precomposedStringWithCanonicalMapping
    }

    /// Of `items` (in creation order), the names close to `typed`, closest first, at most
    /// `limit` of them.
    ///
    /// A name is close when it contains the typed text (distance 0, so "bench" finds "Barbell
    /// Bench Press"), or when its edit distance to it is at most a third of the typed length,
    /// and at least 2 (so "benhc pres" finds "Bench Press"). Ties are ordered by name.
    static func closest(to typed: String, among items: [(id: UUID, name: String)], limit: Int) -> [NameSuggestion] {
        let wanted = normalized(typed)
        guard !wanted.isEmpty else { return [] }
        let allowed = max(2, wanted.count / 3)
        var suggestions: [NameSuggestion] = []
        for item in items {
            let candidate = normalized(item.name)
            // The edit distance is at least the difference in length: skip the table when
            // that alone is too far (a pasted paragraph against short names, say).
            guard candidate.contains(wanted) || abs(candidate.count - wanted.count) <= allowed else { continue }
            let distance = candidate.contains(wanted) ? 0 : editDistance(wanted, candidate)
            guard distance <= allowed else { continue }
            suggestions.append(NameSuggestion(id: item.id, name: item.name, distance: distance))
        }
        if suggestions.isEmpty { suggestions = closeWordByWord(to: typed, among: items) }
        suggestions.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return Array(suggestions.prefix(limit))
    }

    /// When no whole name is close: the names each of whose typed words is close to one of
    /// their words ("chiken breast" finds "Chicken breast, cooked", which is too long for its
    /// whole to be close), a word close when its edit distance is at most a third of its
    /// length, and at least 1. The distance is the words' summed distances plus one, behind
    /// every whole-name match.
    static func closeWordByWord(to typed: String, among items: [(id: UUID, name: String)]) -> [NameSuggestion] {
        let typedWords = words(typed)
        guard !typedWords.isEmpty, typedWords.allSatisfy({ $0.count <= 40 }) else { return [] }
        var suggestions: [NameSuggestion] = []
        for item in items {
            let named = words(item.name)
            var total = 1
            var matched = true
            for word in typedWords {
                let allowed = max(1, word.count / 3)
                let nearest = named.lazy.filter { abs($0.count - word.count) <= allowed }.map { editDistance(word, $0) }.min()
                guard let nearest, nearest <= allowed else {
                    matched = false
                    break
                }
                total += nearest
            }
            if matched { suggestions.append(NameSuggestion(id: item.id, name: item.name, distance: total)) }
        }
        return suggestions
    }

    /// The Levenshtein distance between two strings: the fewest insertions, deletions and
    /// substitutions of characters that turn one into the other.
    ///
    /// O(n × m) time, O(m) memory, which is nothing for names of at most 100 characters.
    package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let source = Array(lhs), target = Array(rhs)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        // previous[j]: distance between the first i-1 characters of source and first j of target.
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
