import AntrainEvents
import Foundation

extension TrainingSummary: DigestingReadModel {
    /// Each day's workouts, volume, working sets and sets per muscle group: the lines every
    /// query of ``TrainingDays`` adds up.
    public func digest() -> TrainingDays {
        let workoutDays = countedWorkoutDays()
        var byDay: [CalendarDay: TrainingDays.Day] = [:]
        func empty(_ day: CalendarDay) -> TrainingDays.Day {
            TrainingDays.Day(day: day, workouts: 0, volumeKg: 0, workingSets: 0,
                             groupSets: [Int](repeating: 0, count: MuscleGroup.allCases.count))
        }
        for day in workoutDays.values { byDay[day, default: empty(day)].workouts += 1 }
        let groupIndex = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
        for set in workingSets() {
            guard let day = workoutDays[set.workoutID] else { continue }
            byDay[day]!.volumeKg += set.volumeKg
            byDay[day]!.workingSets += 1
            guard let exerciseID = entries[set.entryID]?.exerciseID, let groups = muscleGroups[exerciseID] else { continue }
            for group in groups { byDay[day]!.groupSets[groupIndex[group]!] += 1 }
        }
        return TrainingDays(days: byDay.values.sorted { $0.day < $1.day })
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
        var zones: [String: TimeZone] = [:] // looked up once per identifier
        var days: [UUID: CalendarDay] = [:]
        for (id, workout) in workouts where workout.status == .completed {
            let zone = zones[workout.timeZone] ?? TimeZone(identifier: workout.timeZone) ?? TimeZone(identifier: "UTC")!
            zones[workout.timeZone] = zone
            let offset = Int64(zone.secondsFromGMT(for: workout.startedAt.date))
            let local = workout.startedAt.microsecondsSince1970 + offset * 1_000_000
            days[id] = CalendarDay(Timestamp(microsecondsSince1970: local))
        }
        return days
    }

    /// The sets that count: working sets, not removed, of an occurrence not removed.
    func workingSets() -> [SetRecord] {
        sets.values.filter { set in
            set.isWorkingSet && !set.isRemoved && !(entries[set.entryID]?.isRemoved ?? false)
        }
    }
}
