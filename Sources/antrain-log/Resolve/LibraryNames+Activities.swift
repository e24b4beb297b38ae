import AntrainEvents

extension LibraryNames {
    /// The exercise a query (`prs`, `stats`, `history --exercise`) asks about: a name of the
    /// library, or a cardio activity whose sessions count as an exercise the library does not
    /// name (Cycling, Walking, Elliptical, Skiing: see `CardioActivity.exerciseID`).
    ///
    /// The library's exact name comes first (an imported "Cycling" is the athlete's own), then
    /// an activity's exercise name ("walking" is the walks, not Dumbbell Walking Lunge), then
    /// what ``resolve(_:_:)`` finds by words, then an activity's own word ("ski"); a name that
    /// is none of these is refused as the library refuses it.
    func queriedExercise(_ typed: String) throws -> Found {
        if let exact = try exactName(typed, .exercise) { return exact }
        if let activity = CardioActivity(exerciseNamed: typed), activity.exerciseName.lowercased() == Self.folded(typed) {
            return Found(id: activity.exerciseID, name: activity.exerciseName)
        }
        do {
            return try resolve(typed, .exercise)
        } catch let refusal as CommandFailure {
            guard let activity = CardioActivity(exerciseNamed: typed) else { throw refusal }
            return Found(id: activity.exerciseID, name: activity.exerciseName)
        }
    }

    private static func folded(_ typed: String) -> String { typed.trimmingCharacters(in: .whitespaces).lowercased() }
}
