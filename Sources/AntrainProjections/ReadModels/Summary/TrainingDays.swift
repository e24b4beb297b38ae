import AntrainEvents
import Foundation

/// The training summary's days: one line per calendar day with a workout that counts, which
/// is everything its weekly volumes, muscle-group counts and streaks are made of.
/// ``TrainingSummary`` builds one for each question from the lines of the days it covers,
/// read from the keyed state.
public struct TrainingDays: Codable, Sendable, Equatable {
    /// One day's training.
    struct Day: Codable, Sendable, Equatable {
        /// The day, in each workout's own time zone.
        var day: CalendarDay
        /// Workouts that count on it.
        var workouts: Int
        /// Σ weight × reps of its working sets, in kg, summed in the order the sets were logged.
        var volumeKg: Double
        /// Its working sets.
        var workingSets: Int
        /// Working sets per muscle group, indexed as `MuscleGroup.allCases`.
        var groupSets: [Int]
    }

    /// Days with training, oldest first.
    var days: [Day] = []

    /// The days in `from...through`.
    private func days(from: CalendarDay, through: CalendarDay) -> ArraySlice<Day> {
        let start = days.partitioningIndex(where: { $0.day >= from })
        let end = days.partitioningIndex(where: { $0.day > through })
        return start < end ? days[start..<end] : []
    }

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
        for day in days(from: first.monday, through: last.monday.adding(days: 6)) {
            let index = (day.day.daysSince1970 - first.monday.daysSince1970) / 7
            weeks[index].workouts += day.workouts
            weeks[index].volumeKg += day.volumeKg
            weeks[index].workingSets += day.workingSets
        }
        return weeks
    }

    /// Working sets per muscle group over the workouts of the days `from` through `through`,
    /// most sets first (ties in the order of `MuscleGroup.allCases`); groups with no set are
    /// left out.
    public func setsPerMuscleGroup(from: CalendarDay, through: CalendarDay) -> [MuscleGroupSets] {
        var counts = [Int](repeating: 0, count: MuscleGroup.allCases.count)
        for day in days(from: from, through: through) {
            for (index, sets) in day.groupSets.enumerated() where index < counts.count { counts[index] += sets }
        }
        return MuscleGroup.allCases.enumerated()
            .filter { counts[$0.offset] > 0 }
            .sorted { (-counts[$0.offset], $0.offset) < (-counts[$1.offset], $1.offset) }
            .map { MuscleGroupSets(muscleGroup: $0.element, sets: counts[$0.offset]) }
    }

    /// Training streaks as of `today` (a parameter: read models never read the clock);
    /// workouts after `today` are not counted.
    public func streaks(today: CalendarDay) -> TrainingStreaks {
        let trained = days.filter { $0.day <= today && $0.workouts > 0 }.map(\.day.daysSince1970)
        let weeks = Set(trained.map { ISOWeek(containing: CalendarDay(daysSince1970: $0)).monday.daysSince1970 }).sorted()
        let thisWeek = ISOWeek(containing: today).monday.daysSince1970
        let (currentDays, longestDays) = Self.runs(trained, step: 1, now: today.daysSince1970)
        let (currentWeeks, longestWeeks) = Self.runs(weeks, step: 7, now: thisWeek)
        let lastDay = trained.last.map(CalendarDay.init(daysSince1970:))
        return TrainingStreaks(currentWeeks: currentWeeks, longestWeeks: longestWeeks, currentDays: currentDays,
                               longestDays: longestDays, lastWorkoutDay: lastDay)
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

extension Array {
    /// The first index whose element satisfies `isAfter`, in an array where the elements that
    /// do all come after those that do not: a binary search.
    func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
