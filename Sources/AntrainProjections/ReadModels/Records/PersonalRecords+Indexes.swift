import Foundation

extension PersonalRecords {
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

    /// A workout that has sets here or was deleted: the sessions its sets opened in the
    /// books, for a deletion to find them, and its sets' ids, for a correction to find them.
    struct WorkoutSessions: Codable, Sendable, Equatable {
        /// Whether it was deleted: its sets no longer count, and later ones are ignored.
        var deleted = false
        /// Its sessions, one per book, in the order its exercises got their first set.
        var sessions: [SessionRef] = []
        /// Its accepted sets, in the order they were logged.
        var sets: [SetRef] = []

        /// The number of the set with id `setID` in this workout, if it has one. Searched
        /// from the end, where the sets a correction names usually are; a workout has a few
        /// dozen sets, logged while it was the workout being logged, so they sit together.
        func setNumber(of setID: UUID) -> Int? {
            let wanted = setID.words
            var index = sets.count
            while index > 0 {
                index -= 1
                if sets[index].setID.words == wanted { return Int(sets[index].number) }
            }
            return nil
        }

        /// Notes the workout's set `setID`, numbered `number`.
        mutating func add(_ setID: UUID, number: Int) {
            // Most workouts get a dozen to two dozen sets: room for 16 at the first.
            if sets.isEmpty { sets.reserveCapacity(16) }
            sets.append(SetRef(setID: setID, number: Int32(number)))
        }
    }

    /// One set of a workout: its id and its number in ``PersonalRecords/setPlaces``.
    struct SetRef: Codable, Sendable, Equatable {
        var setID: UUID
        var number: Int32
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
