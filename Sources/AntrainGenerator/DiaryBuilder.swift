import AntrainEvents
import Foundation

/// One athlete's food diary for one day: a few foods per meal, mostly their staples, with
/// the food's name and nutrients copied from the library (a snapshot, as the app logs them),
/// and now and then an amount corrected or an entry removed.
enum DiaryBuilder {
    /// The meals of a day, with their local minute and how many foods each usually holds.
    private static let meals: [(meal: Meal, minute: ClosedRange<Int>, foods: ClosedRange<Int>)] = [
        (.breakfast, 390...540, 1...3), (.lunch, 720...810, 2...3), (.snack, 900...990, 0...2), (.dinner, 1_110...1_230, 2...3),
    ]

    static func day(_ day: CalendarDay, athlete: AthleteTraits, library: GeneratorLibrary,
                    _ random: inout GeneratorRandom) -> [any DomainEvent] {
        var events: [any DomainEvent] = []
        events.reserveCapacity(14)
        for slot in meals {
            let minute = random.int(slot.minute)
            for index in 0..<random.int(slot.foods) {
                let pick = random.chance(0.8) ? random.pick(athlete.staples) : random.int(0...(library.foods.count - 1))
                let food = library.foods[pick]
                let serving = food.definition.servingSizeG ?? 100
                let grams = max(5, (serving * random.pick([0.5, 0.75, 1, 1, 1, 1.25, 1.5, 2]) / 5).rounded() * 5)
                let loggedAt = athlete.instant(day, minute: minute + index)
                let entry = random.uuid()
                events.append(FoodLogged(entryID: entry, day: day, meal: slot.meal, foodID: food.id, foodName: food.definition.name,
                                         amountGrams: grams, per100g: food.definition.per100g, loggedAt: loggedAt))
                if random.chance(0.03) {
                    events.append(FoodEntryCorrected(entryID: entry, day: day, meal: slot.meal, amountGrams: grams + 50))
                } else if random.chance(0.02) {
                    events.append(FoodEntryRemoved(entryID: entry, day: day))
                }
            }
        }
        return events
    }
}
