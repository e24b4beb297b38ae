extension LegacyLibrary {
    /// The Levenshtein distance between two strings: the fewest insertions, deletions and
    /// substitutions of characters that turn one into the other.
    ///
    /// For "did you mean" on names typed by users; O(n × m) time, O(m) memory, which is nothing
    /// for names of at most 100 characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
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
