import AntrainEvents
import Foundation

extension LegacyTrainingSummary: DigestingReadModel {
    /// Each day's workouts, volume, working sets and sets per muscle group: the lines every
    /// query of ``TrainingDays`` adds up.
    public func digest() -> TrainingDays {
        let workoutDays = countedDayNumbers()
        let groupLists = muscleGroupIndexes()
        var lines: [TrainingDays.Day] = []
        var lineOfDay: [Int: Int] = [:]
        func line(_ day: Int) -> Int {
            if let line = lineOfDay[day] { return line }
            lines.append(TrainingDays.Day(day: CalendarDay(daysSince1970: day), workouts: 0, volumeKg: 0, workingSets: 0,
                                          groupSets: [Int](repeating: 0, count: MuscleGroup.allCases.count)))
            lineOfDay[day] = lines.count - 1
            return lines.count - 1
        }
        for day in workoutDays where day != .min { lines[line(day)].workouts += 1 }
        // In the order the sets were first logged, so each day's volume is summed in that order.
        forEachCountedSet { set, entry in
            let day = workoutDays[Int(set.workout)]
            guard day != .min else { return }
            let index = line(day)
            lines[index].volumeKg += set.volumeKg
            lines[index].workingSets += 1
            for group in groupLists[entry] { lines[index].groupSets[group] += 1 }
        }
        return TrainingDays(days: lines.sorted { $0.day < $1.day })
    }

    /// Every ISO week that contains a day from `from` through `through` (see ``TrainingDays``).
    public func weeklyVolume(from: CalendarDay, through: CalendarDay) -> [WeekVolume] {
        digest().weeklyVolume(from: from, through: through)
    }

    /// Working sets per muscle group from `from` through `through` (see ``TrainingDays``).
    public func setsPerMuscleGroup(from: CalendarDay, through: CalendarDay) -> [MuscleGroupSets] {
        digest().setsPerMuscleGroup(from: from, through: through)
    }

    /// Training streaks as of `today` (see ``TrainingDays``).
    public func streaks(today: CalendarDay) -> TrainingStreaks {
        digest().streaks(today: today)
    }

    /// The calendar day of each workout that counts, in its own time zone.
    func countedWorkoutDays() -> [UUID: CalendarDay] {
        var days: [UUID: CalendarDay] = [:]
        for (number, day) in countedDayNumbers().enumerated() where day != .min {
            days[workouts.keys[number]] = CalendarDay(daysSince1970: day)
        }
        return days
    }

    /// A set that counts, as ``workingSets()`` lists it.
    struct WorkingSet: Equatable {
        var workoutID: UUID
        var entryID: UUID
        var volumeKg: Double
    }

    /// The sets that count: working sets, not removed, of an occurrence not removed.
    func workingSets() -> [WorkingSet] {
        var counted: [WorkingSet] = []
        forEachCountedSet { set, entry in
            counted.append(WorkingSet(workoutID: workouts.keys[Int(set.workout)], entryID: entries.keys[entry], volumeKg: set.volumeKg))
        }
        return counted
    }

    // MARK: Helpers

    /// Calls `body` with each set that counts (a working set, not removed, of an occurrence
    /// not removed) and the number of its occurrence's record, in the order the sets were
    /// first logged; a set or occurrence logged again counts as its latest record.
    private func forEachCountedSet(_ body: (SetRecord, Int) -> Void) {
        let latestEntry = entries.latestNumbers()
        func visit(_ set: SetRecord) {
            guard set.isWorkingSet, !set.isRemoved else { return }
            let entry = latestEntry?[Int(set.entry)] ?? Int(set.entry)
            guard !entries.records[entry].isRemoved else { return }
            body(set, entry)
        }
        if let order = sets.survivors() {
            for number in order { visit(sets.records[number]) }
        } else {
            for set in sets.records { visit(set) }
        }
    }

    /// By workout number: the day (days since 1970) of each workout that counts, in its own
    /// time zone, or `Int.min` for one that does not.
    private func countedDayNumbers() -> [Int] {
        var zones: [String: TimeZone] = [:] // looked up once per identifier
        return workouts.values.map { workout in
            guard workout.status == .completed else { return .min }
            let zone = zones[workout.timeZone] ?? TimeZone(identifier: workout.timeZone) ?? TimeZone(identifier: "UTC")!
            zones[workout.timeZone] = zone
            let offset = Int64(zone.secondsFromGMT(for: workout.startedAt.date))
            let local = workout.startedAt.microsecondsSince1970 + offset * 1_000_000
            return CalendarDay(Timestamp(microsecondsSince1970: local)).daysSince1970
        }
    }

    /// By occurrence number: the indexes in `MuscleGroup.allCases` of the groups its
    /// exercise lists (by its latest definition), once per listing.
    private func muscleGroupIndexes() -> [[Int]] {
        let groupIndex = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
        let byExercise = muscleGroups.values.map { groups in groups.map { groupIndex[$0]! } }
        return entries.records.map { entry in
            guard let exerciseID = entry.exerciseID, let number = muscleGroups.index(forKey: exerciseID) else { return [] }
            return byExercise[number]
        }
    }
}
