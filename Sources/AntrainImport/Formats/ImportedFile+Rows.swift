/// What the CSV readers of workouts do alike with a row that may hold no set: they skip it
/// with a reason and go on, so each reader says only what its columns mean.
extension ImportedFile {
    /// The row's exercise name, or nil with the row skipped: a set belongs to a named exercise.
    mutating func exerciseName(_ name: String, line: Int, missing reason: String = "no exercise name") -> String? {
        guard name.isEmpty else { return name }
        skipped.append(SkippedRow(line: line, .name, reason: reason))
        return nil
    }

    /// The set `read` found, or nil with the row skipped for the reason `read` gave.
    mutating func set(_ read: Result<ImportedSet, SkippedRow>) -> ImportedSet? {
        switch read {
        case let .success(set): return set
        case let .failure(skipped):
            self.skipped.append(skipped)
            return nil
        }
    }
}
