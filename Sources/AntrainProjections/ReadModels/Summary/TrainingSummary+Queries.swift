import AntrainEvents
import Foundation

extension TrainingSummary {
    /// Every ISO week that contains a day from `from` through `through`, oldest first, with
    /// its volume, working sets and completed workouts; weeks without training are included,
    /// with zeros. Weeks are counted whole, even where the range cuts them.
    public func weeklyVolume(from: CalendarDay, through: CalendarDay) -> [WeekVolume] {
        guard from <= through else { return [] }
        let first = ISOWeek(containing: from), last = ISOWeek(containing: through)
        var weeks: [WeekVolume] = []
        var week = first
        while week <= last {
            weeks.append(WeekVolume(week: week, volumeKg: 0, workingSets: 0, workouts: 0))
            week = week.next
        }
        let days = countedWorkoutDays()
        func slot(_ day: CalendarDay) -> Int? {
            let index = (ISOWeek(containing: day).monday.daysSince1970 - first.monday.daysSince1970) / 7
            return weeks.indices.contains(index) && day >= first.monday ? index : nil
        }
        for (_, day) in days {
            if let index = slot(day) { weeks[index].workouts += 1 }
        }
        for set in workingSets() {
            guard let day = days[set.workoutID], let index = slot(day) else { continue }
            weeks[index].volumeKg += set.volumeKg
            weeks[index].workingSets += 1
        }
        return weeks
    }

    /// Working sets per muscle group over the workouts of the days `from` through `through`,
    /// most sets first (ties in the order of `MuscleGroup.allCases`); groups with no set are
    /// left out.
    public func setsPerMuscleGroup(from: CalendarDay, through: CalendarDay) -> [MuscleGroupSets] {
        let days = countedWorkoutDays()
        var counts = [Int](repeating: 0, count: MuscleGroup.allCases.count)
        let indexOf = Dictionary(uniqueKeysWithValues: MuscleGroup.allCases.enumerated().map { ($1, $0) })
        for set in workingSets() {
            guard let day = days[set.workoutID], day >= from, day <= through,
                  let exerciseID = entries[set.entryID]?.exerciseID,
                  let groups = muscleGroups[exerciseID] else { continue }
            for group in groups { counts[indexOf[group]!] += 1 }
        }
        return MuscleGroup.allCases.enumerated()
            .filter { counts[$0.offset] > 0 }
            .sorted { (-counts[$0.offset], $0.offset) < (-counts[$1.offset], $1.offset) }
            .map { MuscleGroupSets(muscleGroup: $0.element, sets: counts[$0.offset]) }
    }

    /// Training streaks as of `today` (a parameter: read models never read the clock);
    /// workouts after `today` are not counted.
    public func streaks(today: CalendarDay) -> TrainingStreaks {
        let days = Set(countedWorkoutDays().values).filter { $0 <= today }.map(\.daysSince1970).sorted()
        let weeks = Set(days.map { ISOWeek(containing: CalendarDay(daysSince1970: $0)).monday.daysSince1970 }).sorted()
        let thisWeek = ISOWeek(containing: today).monday.daysSince1970
        let (currentDays, longestDays) = Self.runs(days, step: 1, now: today.daysSince1970)
        let (currentWeeks, longestWeeks) = Self.runs(weeks, step: 7, now: thisWeek)
        let lastDay = days.last.map(CalendarDay.init(daysSince1970:))
        return TrainingStreaks(currentWeeks: currentWeeks, longestWeeks: longestWeeks, currentDays: currentDays,
                               longestDays: longestDays, lastWorkoutDay: lastDay)
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

    /// The run ending at `now` or one step before it, and the longest run, in sorted values
    /// where consecutive members are `step` apart.
    private static func runs(_ values: [Int], step: Int, now: Int) -> (current: Int, longest: Int) {
        var longest = 0, run = 0
        for (index, value) in values.enumerated() {
            run = index > 0 && values[index - 1] + step == value ? run + 1 : 1
            longest = max(longest, run)
        }
        guard let last = values.last, last == now || last == now - step else { return (0, longest) }
        return (run, longest)
    }
}
