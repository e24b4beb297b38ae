import AntrainEvents
import Foundation

extension LegacyDailyNutrition {
    /// The goals in force on `date`: those of the latest change taking effect on or before
    /// it, or nil if no goals had been set by then.
    public func goals(on date: CalendarDay) -> NutritionGoals? {
        goalChanges.goals(on: date)
    }

    /// One day's totals, per-meal breakdown and goals; a day without entries has zero totals
    /// and no meals, and still its goals.
    public func day(_ date: CalendarDay) -> DayNutrition {
        day(date, withEntries: true)
    }

    /// One day as ``day(_:)`` gives it; each meal without its entries unless `withEntries`
    /// (the digest keeps totals only, and need not build entries to throw them away).
    func day(_ date: CalendarDay, withEntries: Bool) -> DayNutrition {
        let entries = diary[date] ?? []
        var total = MacroSum()
        var meals: [MealNutrition] = []
        for meal in Meal.allCases {
            var sum = MacroSum()
            var mealEntries: [DiaryEntry] = []
            var found = false
            for entry in entries where entry.meal == meal {
                sum.add(snapshots[Int(entry.snapshot)].per100g, grams: entry.amountGrams)
                if withEntries { mealEntries.append(diaryEntry(entry)) }
                found = true
            }
            guard found else { continue }
            total.add(sum)
            meals.append(MealNutrition(meal: meal, calories: sum.calories, proteinG: sum.proteinG,
                                       carbsG: sum.carbsG, fatsG: sum.fatsG, entries: mealEntries))
        }
        return DayNutrition(date: date, calories: total.calories, proteinG: total.proteinG, carbsG: total.carbsG,
                            fatsG: total.fatsG, goals: goals(on: date), meals: meals)
    }

    /// The days from `from` through `through` that have entries, and their average.
    ///
    /// The average is taken over the days that have entries only: a day with nothing logged
    /// is taken to be a day not tracked rather than a day of fasting. `daysWithEntries`
    /// says how many days that is. An empty range (`from` after `through`) has no days.
    public func range(from: CalendarDay, through: CalendarDay) -> NutritionRange {
        var days: [DayNutrition] = []
        if from <= through {
            for number in from.daysSince1970...through.daysSince1970 {
                let date = CalendarDay(daysSince1970: number)
                guard let entries = diary[date], !entries.isEmpty else { continue }
                days.append(day(date))
            }
        }
        return NutritionRange(from: from, through: through, loggedDays: days)
    }

    /// Every day that has at least one entry, oldest first.
    public var loggedDays: [CalendarDay] {
        diary.filter { !$0.value.isEmpty }.map(\.key).sorted()
    }
}

extension [LegacyDailyNutrition.GoalsChange] {
    /// The goals of the latest change taking effect on or before `date`, in changes sorted
    /// by `effectiveFrom`: a binary search.
    func goals(on date: CalendarDay) -> NutritionGoals? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].effectiveFrom <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : self[low - 1].goals
    }
}

extension NutritionRange {
    /// The range with its days that have entries and their average (over those days only).
    init(from: CalendarDay, through: CalendarDay, loggedDays days: [DayNutrition]) {
        var average: NutritionAverage?
        if !days.isEmpty {
            let count = Double(days.count)
            var sum = LegacyDailyNutrition.MacroSum()
            for day in days {
                sum.add(LegacyDailyNutrition.MacroSum(calories: day.calories, proteinG: day.proteinG, carbsG: day.carbsG, fatsG: day.fatsG))
            }
            average = NutritionAverage(calories: sum.calories / count, proteinG: sum.proteinG / count,
                                       carbsG: sum.carbsG / count, fatsG: sum.fatsG / count, overDays: days.count)
        }
        self.init(from: from, through: through, days: days, daysWithEntries: days.count, average: average)
    }
}
