import AntrainEvents
@testable import AntrainProjections
import Foundation

/// The rules of daily nutrition (docs/PROJECTIONS.md) folded the plain way, to check
/// ``DailyNutrition`` against on generated logs: each day a list of its entries in log order,
/// found by scanning; goals a list of every change, searched for the one in force.
///
/// The rules: `FoodLogged` adds an entry to its day, with the name and per-100 g nutrients
/// it carries. `FoodEntryCorrected` and `FoodEntryRemoved` change the entry of the day they
/// name with their entry id, the latest one logged should the id repeat that day, and change
/// nothing when the day has no such entry. The goals of a day are those of the
/// `ProfileUpdated` with goals whose `effectiveFrom` is the latest on or before it, the later
/// in the log on a tie.
struct NutritionReference {
    /// Each day's entries, in the order logged.
    private(set) var diary: [CalendarDay: [DiaryEntry]] = [:]
    /// Every change of goals, in log order.
    private var goalChanges: [(effectiveFrom: CalendarDay, goals: NutritionGoals)] = []

    /// Folds one event.
    mutating func apply(_ event: any DomainEvent) {
        switch event {
        case let logged as FoodLogged:
            diary[logged.day, default: []].append(DiaryEntry(entryID: logged.entryID, meal: logged.meal, foodID: logged.foodID,
                                                             foodName: logged.foodName, amountGrams: logged.amountGrams,
                                                             per100g: logged.per100g))
        case let corrected as FoodEntryCorrected:
            guard let index = diary[corrected.day]?.lastIndex(where: { $0.entryID == corrected.entryID }) else { return }
            diary[corrected.day]![index].meal = corrected.meal
            diary[corrected.day]![index].amountGrams = corrected.amountGrams
        case let removed as FoodEntryRemoved:
            guard let index = diary[removed.day]?.lastIndex(where: { $0.entryID == removed.entryID }) else { return }
            diary[removed.day]!.remove(at: index)
        case let profile as ProfileUpdated:
            if let goals = profile.goals { goalChanges.append((profile.effectiveFrom, goals)) }
        default:
            break
        }
    }

    /// The days that have entries, oldest first.
    var loggedDays: [CalendarDay] { diary.filter { !$0.value.isEmpty }.keys.sorted() }

    /// The goals in force on `day`: the latest `effectiveFrom` on or before it, the later change on a tie.
    func goals(on day: CalendarDay) -> NutritionGoals? {
        var found: (effectiveFrom: CalendarDay, goals: NutritionGoals)?
        for change in goalChanges where change.effectiveFrom <= day {
            if found == nil || change.effectiveFrom >= found!.effectiveFrom { found = change }
        }
        return found?.goals
    }

    /// The meals of `day` that have entries, in the order breakfast, lunch, dinner, snack,
    /// each with its entries in the order logged.
    func meals(on day: CalendarDay) -> [(meal: Meal, entries: [DiaryEntry])] {
        let entries = diary[day] ?? []
        return Meal.allCases.compactMap { meal in
            let ofMeal = entries.filter { $0.meal == meal }
            return ofMeal.isEmpty ? nil : (meal, ofMeal)
        }
    }

    /// What `entries` add up to: each entry's amount times its nutrients per 100 g.
    static func totals(_ entries: [DiaryEntry]) -> Nutrients {
        var sum = Nutrients(caloriesKcal: 0, proteinG: 0, carbsG: 0, fatsG: 0)
        for entry in entries {
            sum.caloriesKcal += entry.amountGrams * entry.per100g.caloriesKcal / 100
            sum.proteinG += entry.amountGrams * entry.per100g.proteinG / 100
            sum.carbsG += entry.amountGrams * entry.per100g.carbsG / 100
            sum.fatsG += entry.amountGrams * entry.per100g.fatsG / 100
        }
        return sum
    }

    /// Whether two sums agree to within rounding (the reference adds in its own order).
    static func near(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= 1e-9 * max(1, abs(expected))
    }
}
