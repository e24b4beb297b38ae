import AntrainProjections

extension Library {
    /// The library's names close to `typed` for a "did you mean", or none when `typed` is
    /// longer than any close name could be.
    ///
    /// Names are at most 100 characters, and a name is close when it contains the typed text
    /// or is within an edit distance of a third of its length: text over 150 characters has
    /// no close name. Skipping it spares an edit distance over a hostile argument, which
    /// takes seconds for 100,000 characters (and timed out the hostile-argument tests on a
    /// busy machine).
    func suggestions(for typed: String, among kind: LibraryItemKind) throws -> [NameSuggestion] {
        typed.count > 150 ? [] : try closestNames(to: typed, among: kind)
    }
}
