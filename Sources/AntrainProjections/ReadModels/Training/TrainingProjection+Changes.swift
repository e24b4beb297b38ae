import AntrainEvents
import Foundation

/// What follows from a change to a workout: its exercises' totals and last performances, and
/// the summary of the day it counts on. Each is worked out from the workout before and after
/// the change, one event at a time, so the same events always give the same numbers.
extension TrainingProjection {
    /// Changes the workout in `slot` with `body`, and brings the totals, performances and
    /// summary it feeds up to date; `affected` lists the exercises whose sets may change.
    mutating func change(_ slot: Int, exercises affected: [UUID], _ body: (inout TrainingWorkout) -> Void) {
        // What the workout fed before the change, read in place: a copy of it held across the
        // change would make the change copy its entries and the changed entry's sets.
        let oldTallies = affected.map { workouts[reading: slot].tally(of: $0) }
        // The sessions the workout had: an exercise's entry removed takes its session's place
        // with it, and the session must still learn that it no longer counts.
        let oldSessions = workouts.withPointer(at: slot) { workout in affected.map { workout.pointee.entries.sessionOffset(of: $0) } }
        let oldContribution = workouts.withPointer(at: slot) { TrainingWorkout.contribution(of: $0) }
        let oldStart = workouts[reading: slot].startedAt
        let oldCompletion = workouts[reading: slot].completedOffset
        let oldStatus = workouts[reading: slot].status
        body(&workouts[slot])
        let workoutID = workouts[reading: slot].id
        let newStart = workouts[reading: slot].startedAt
        let newCompletion = workouts[reading: slot].completedOffset
        for (index, exerciseID) in affected.enumerated() {
            let tally = workouts[reading: slot].tally(of: exerciseID)
            guard tally != oldTallies[index] || newStart != oldStart || newCompletion != oldCompletion else { continue }
            followTotals(exerciseID, from: oldTallies[index], to: tally, workoutSlot: slot, session: oldSessions[index])
            if tally.performance != oldTallies[index].performance || tally.performance {
                followPerformance(exerciseID, of: workoutID, completedOffset: newCompletion, qualifies: tally.performance)
            }
        }
        if oldStatus == .active, workouts[reading: slot].status != .active, let factsSlot = facts.slot(of: TrainingFacts.key) {
            facts[factsSlot].endActive(workoutID)
        }
        let newContribution = workouts.withPointer(at: slot) { TrainingWorkout.contribution(of: $0) }
        if oldContribution != newContribution {
            if let oldContribution { add(oldContribution, sign: -1) }
            if let newContribution { add(newContribution, sign: 1) }
        }
    }

    /// Moves an exercise's totals by what a workout's tally of it changed.
    private mutating func followTotals(_ exerciseID: UUID, from old: TrainingWorkout.Tally, to new: TrainingWorkout.Tally,
                                       workoutSlot: Int, session: UInt64?) {
        let slot = book(exerciseID)
        books[slot].totals.sets += new.totals.sets - old.totals.sets
        books[slot].totals.reps += new.totals.reps - old.totals.reps
        // Set by set: a set gone or changed takes its old volume away, a set new or changed
        // adds its volume, each in the order logged; a set only logged adds just its own.
        let kept = Set(old.volumes.filter { set in new.volumes.contains { $0.setID == set.setID && $0.volumeKg == set.volumeKg } }
            .map(\.setID))
        for set in old.volumes where !kept.contains(set.setID) { books[slot].totals.volumeKg -= set.volumeKg }
        for set in new.volumes where !kept.contains(set.setID) { books[slot].totals.volumeKg += set.volumeKg }
        books[slot].sessionsCounted += (new.counts ? 1 : 0) - (old.counts ? 1 : 0)
        books[slot].completedSessionsCounted += (new.completedSession ? 1 : 0) - (old.completedSession ? 1 : 0)
        refreshSession(of: exerciseID, in: workoutSlot, counts: new.counts, formerly: session)
    }

    /// Keeps an exercise's latest completed performances in order after a change to one of them.
    mutating func followPerformance(_ exerciseID: UUID, of workoutID: UUID, completedOffset: UInt64?, qualifies: Bool) {
        let slot = book(exerciseID)
        // Changed in place (a copy of the list per completed exercise would be taken otherwise).
        books[slot].performances.removeAll { $0.workoutID == workoutID }
        if qualifies, let completed = completedOffset {
            let count = books[reading: slot].performances.count
            let place = books[reading: slot].performances.firstIndex { $0.completedOffset < completed } ?? count
            books[slot].performances.insert(ExerciseBook.Performance(workoutID: workoutID, completedOffset: completed), at: place)
            if count + 1 > ExerciseBook.performanceDepth {
                books[slot].performances.removeLast(count + 1 - ExerciseBook.performanceDepth)
                books[slot].performancesTrimmed = true
            }
        }
        if books[reading: slot].performances.isEmpty, books[reading: slot].performancesTrimmed { rescanPerformances(of: exerciseID) }
    }

    /// After the latest performances were all taken back, and older ones were dropped from the
    /// list before: finds them again among the exercise's sessions.
    private mutating func rescanPerformances(of exerciseID: UUID) {
        let slot = book(exerciseID)
        var found: [ExerciseBook.Performance] = []
        for chunk in 0..<books[reading: slot].chunkFirstOffsets.count {
            guard let sessions = sessions.value(of: ChunkKey(owner: exerciseID, chunk: UInt32(chunk)))?.sessions else { continue }
            for session in sessions where !found.contains(where: { $0.workoutID == session.workoutID }) {
                guard let workoutSlot = resolvedWorkout(session.workoutID) else { continue }
                let workout = workouts.value(at: workoutSlot)
                guard workout.tally(of: exerciseID).performance,
                      let completed = workout.completedOffset else { continue }
                found.append(ExerciseBook.Performance(workoutID: workout.id, completedOffset: completed))
            }
        }
        found.sort { $0.completedOffset > $1.completedOffset }
        books[slot].performancesTrimmed = found.count > ExerciseBook.performanceDepth
        books[slot].performances = Array(found.prefix(ExerciseBook.performanceDepth))
    }

    /// Adds (or, with `sign` -1, takes away) a workout's contribution to its day's summary.
    mutating func add(_ contribution: TrainingWorkout.Contribution, sign: Int) {
        let day = days.slot(of: contribution.day) { TrainingDayLine(day: contribution.day) }
        days[day].workouts += sign
        for volume in contribution.volumes { days[day].volumeKg += Double(sign) * volume }
        days[day].workingSets += sign * contribution.workingSets
        if contribution.freeLifting { days[day].freeLifting += sign }
        if let reference = contribution.programDay {
            if let index = days[reading: day].programDays.firstIndex(where: { $0.day == reference }) {
                days[day].programDays[index].workouts += sign
                if days[reading: day].programDays[index].workouts == 0 { days[day].programDays.remove(at: index) }
            } else {
                days[day].programDays.append((reference, sign))
            }
        }
        if days[reading: day].workouts == 0 { days.remove(contribution.day) }
        for (exerciseID, line) in contribution.exercises {
            let key = DayExerciseKey(day: contribution.day, exerciseID: exerciseID)
            let slot = exerciseDays.slot(of: key) { ExerciseDayLine(key: key) }
            exerciseDays[slot].sets += sign * line.sets
            exerciseDays[slot].reps += sign * line.reps
            exerciseDays[slot].volumeKg += Double(sign) * line.volumeKg
            if exerciseDays[reading: slot].sets == 0 { exerciseDays.remove(key) }
        }
    }
}
