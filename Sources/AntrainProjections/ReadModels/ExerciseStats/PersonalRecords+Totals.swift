import AntrainEvents
import Foundation

extension LegacyPersonalRecords {
    /// Every exercise's totals, worked out from the sets this model keeps (a digest, which
    /// no longer has them, returns the totals worked out when it was made).
    ///
    /// The rules (those of ``LegacyWorkoutHistory`` too):
    /// - A set counts when it is completed and still stands: not removed, not taken out with
    ///   its exercise, and in a workout that was started and not deleted. Sets of active and
    ///   cancelled workouts count.
    /// - Sets and reps include warm-ups; volume (entered weight × reps, in kg: a bodyweight
    ///   exercise counts only its added load) does not. Volume is summed set by set in the
    ///   order the sets were logged, so the same log always gives the same bits.
    /// - A session is a workout with at least one counted set of the exercise; last
    ///   performed is the latest start of one, and a completed one sets "has a completed
    ///   workout".
    /// - An exercise is counted under the name the library last gave it, marked deleted when
    ///   the library deleted it; one no ExerciseCreated named is "Unknown exercise".
    /// - The sets are those the records fold keeps, under the same rules of identity: a
    ///   set id logged again in its workout changes nothing; a set goes to the exercise its
    ///   entry named when it was logged.
    ///
    /// It visits every set: a few tens of milliseconds for millions. Queries on a large log
    /// read the digest's copy instead.
    public func exerciseTotals() -> ExerciseTotals {
        if let totals { return totals }
        var result = ExerciseTotals()
        result.rows.reserveCapacity(exercises.count)
        for number in 0..<exercises.count {
            let book = Int(bookOfExercise[number])
            guard book >= 0 else {
                // Only added to workouts: no set, no name.
                result.rows.append(ExerciseStatistics(exerciseID: exercises[number], exercise: "Unknown exercise", isDeleted: false))
                continue
            }
            result.rows.append(statistics(of: books.values[book], exerciseID: exercises[number]))
        }
        return result
    }

    /// One book's totals over its standing, completed sets of started workouts.
    private func statistics(of book: ExerciseRecordBook, exerciseID: UUID) -> ExerciseStatistics {
        var row = ExerciseStatistics(exerciseID: exerciseID, exercise: book.name, isDeleted: book.isDeleted)
        // A book's sessions are one per workout, so a session counted is a workout counted.
        var counted = [Bool](repeating: false, count: book.sessions.count)
        // A deleted workout's sets are all marked removed, and later ones are never filed.
        for set in book.sets where set.completed && !set.removed {
            let session = Int(set.session)
            let workout = Int(book.sessions[session].workout)
            // Fields read in place: a copy of the workout would retain its arrays per set.
            guard let startedAt = workouts.values[workout].startedAt else { continue }
            let reps = set.reps ?? 0
            row.sets += 1
            row.reps += reps
            // `counts` is a standing, completed working set: the volume's sets.
            if set.counts { row.totalVolumeKg += set.loadKg * Double(reps) }
            guard !counted[session] else { continue }
            counted[session] = true
            row.sessions += 1
            row.lastPerformedAt = max(row.lastPerformedAt ?? startedAt, startedAt)
            row.hasCompletedWorkout = row.hasCompletedWorkout || workouts.values[workout].completed
        }
        return row
    }
}
