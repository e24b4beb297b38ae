import AntrainEvents
import Foundation

/// What one workout adds to its exercises' totals, to its day's summary and to the programs'
/// last performances: worked out from the workout as it stands, before and after each change.
extension TrainingWorkout {
    /// What the workout's sets of one exercise add up to.
    struct Tally: Equatable {
        /// The volume of each completed working set, by set id, in the order logged: a change
        /// moves the exercise's total volume set by set, as the sets were summed when logged.
        var volumes: [(setID: UUID, volumeKg: Double)] = []

        static func == (lhs: Tally, rhs: Tally) -> Bool {
            lhs.totals == rhs.totals && lhs.completedSession == rhs.completedSession && lhs.performance == rhs.performance
                && lhs.volumes.elementsEqual(rhs.volumes) { $0.setID == $1.setID && $0.volumeKg == $1.volumeKg }
        }

        /// Its completed sets (warm-ups included), their reps, and the volume of the working ones.
        var totals = ExerciseTally()
        /// Whether a set counts: a session of the exercise.
        var counts: Bool { totals.sets > 0 }
        /// Whether it is a counted session of a completed workout.
        var completedSession = false
        /// Whether it is a last performance the programs may start from: a completed lifting
        /// workout with a completed working set (reps and a weight, not a warm-up) of it.
        var performance = false
    }

    /// The tally of `exerciseID`: nothing for a cancelled or deleted workout.
    func tally(of exerciseID: UUID) -> Tally {
        var tally = Tally()
        guard !isWithdrawn else { return tally }
        var working = false
        var logged: [(offset: UInt64, setID: UUID, volumeKg: Double)] = []
        var entriesOfIt = 0
        for entry in entries where entry.exerciseID == exerciseID {
            entriesOfIt += 1
            for set in entry.sets {
                guard set.figures.isCompleted else { continue }
                tally.totals.sets += 1
                tally.totals.reps += set.figures.repetitions ?? 0
                let volume = set.figures.volumeKg
                tally.totals.volumeKg += volume
                if volume != 0 { logged.append((set.loggedOffset, set.figures.setID, volume)) }
                if set.figures.isWorkingWithLoad { working = true }
            }
        }
        // One entry's sets are in the order logged already; two entries of it interleave.
        if entriesOfIt > 1 { logged.sort { $0.offset < $1.offset } }
        tally.volumes = logged.map { ($0.setID, $0.volumeKg) }
        tally.completedSession = tally.counts && completedOffset != nil
        tally.performance = working && type == .lifting && completedOffset != nil
        return tally
    }

    /// What a workout adds to the summary of its day.
    struct Contribution: Equatable {
        var day: CalendarDay
        /// For adherence: the program day it names, or whether it is lifting without one.
        var programDay: ProgramDayReference?
        var freeLifting = false
        var volumeKg = 0.0
        /// The volume of each working set, in the order they were logged: the day's volume is
        /// moved set by set, as its sets were summed when logged.
        var volumes: [Double] = []
        var workingSets = 0
        /// Per exercise, in the order first met: working sets, their reps and volume.
        var exercises: [(exerciseID: UUID, line: ExerciseDayLine)] = []

        static func == (lhs: Contribution, rhs: Contribution) -> Bool {
            lhs.day == rhs.day && lhs.programDay == rhs.programDay && lhs.freeLifting == rhs.freeLifting
                && lhs.volumeKg == rhs.volumeKg && lhs.workingSets == rhs.workingSets
                && lhs.exercises.elementsEqual(rhs.exercises) { $0.exerciseID == $1.exerciseID && $0.line == $1.line }
        }
    }

    /// The contribution of the workout at `workout` to the summary, when it counts there: once
    /// completed (a quick log is completed when logged), on the calendar day of its start in its
    /// own time zone. Read in place, field by field (a method of the whole value, called on a
    /// workout read where it lies, copied it first).
    static func contribution(of workout: UnsafePointer<TrainingWorkout>) -> Contribution? {
        guard workout.pointee.status == .completed else { return nil }
        let entries = workout.pointee.entries
        var contribution = Contribution(day: LocalCalendar.day(of: workout.pointee.startedAt, in: workout.pointee.timeZone),
                                        programDay: workout.pointee.programDay,
                                        freeLifting: workout.pointee.programDay == nil && workout.pointee.type == .lifting)
        // Each list made once at its size: grown set by set, they were reallocated a dozen
        // times for every workout completed.
        var setCount = 0
        for entry in entries.indices { setCount += entries[entry].sets.count }
        var logged: [(offset: UInt64, volume: Double)] = []
        logged.reserveCapacity(setCount)
        contribution.exercises.reserveCapacity(entries.count)
        // Entries in display order hold their sets in the order logged unless exercises were
        // done side by side or reordered: sorted only then.
        var inOrder = true
        // A cardio session's own set is the session, which counts as the day's workout: it is
        // not a working set of the summary's volume and muscle groups.
        for entry in entries.indices where !entries[entry].isQuickLog {
            let exerciseID = entries[entry].exerciseID
            for set in entries[entry].sets {
                guard set.figures.isWorking else { continue }
                let volume = set.figures.volumeKg
                contribution.volumeKg += volume
                if let last = logged.last, last.offset > set.loggedOffset { inOrder = false }
                logged.append((set.loggedOffset, volume))
                contribution.workingSets += 1
                let index = contribution.exercises.firstIndex { $0.exerciseID == exerciseID } ?? {
                    contribution.exercises.append((exerciseID, ExerciseDayLine()))
                    return contribution.exercises.count - 1
                }()
                contribution.exercises[index].line.sets += 1
                contribution.exercises[index].line.reps += set.figures.repetitions ?? 0
                contribution.exercises[index].line.volumeKg += volume
            }
        }
        if !inOrder { logged.sort { $0.offset < $1.offset } }
        contribution.volumes = logged.map(\.volume)
        return contribution
    }
}
