import AntrainEvents

extension LegacyPersonalRecords {
    /// Where an accepted set is: its book and position, and the exercise its id was last
    /// logged for.
    ///
    /// A set id logged again (which the model otherwise ignores) for another exercise makes
    /// corrections and removals of it look in that exercise's book, where the set is not, so
    /// they are ignored until it is logged for its own exercise again: `exercise` keeps that.
    struct SetPlace: Codable, Sendable, Equatable {
        /// The exercise number the set id was last logged for.
        var exercise: Int32
        /// The book holding the set.
        var book: Int32
        /// Its position in that book's sets.
        var position: Int32
    }

    /// A workout that was started, has sets here or was deleted: the sessions its sets opened
    /// in the books, for a deletion to find them, its sets' ids, for a correction to find
    /// them, and what the exercise totals ask of it.
    struct WorkoutSessions: Codable, Sendable, Equatable {
        /// Whether it was deleted: its sets no longer count, and later ones are ignored.
        var deleted = false
        /// When its first WorkoutStarted says it started; nil when none came (its sets still
        /// hold records, but the exercise totals count only started workouts).
        var startedAt: Timestamp?
        /// Whether a WorkoutCompleted came for it.
        var completed = false
        /// Its sessions, one per book, in the order its exercises got their first set.
        var sessions: [SessionRef] = []
        /// Its accepted sets' ids, with their numbers in ``LegacyPersonalRecords/setPlaces``.
        var sets = WorkoutSetIDs()
    }

    /// One workout's session in one book.
    struct SessionRef: Codable, Sendable, Equatable {
        /// The book.
        var book: Int32
        /// The index of the session in that book's sessions.
        var session: Int32
    }

    /// A book whose fold must run again from `from` at the end of the batch.
    struct StaleBook: Sendable, Equatable {
        /// The book.
        var book: Int
        /// The first position whose set changed.
        var from: Int
    }
}
