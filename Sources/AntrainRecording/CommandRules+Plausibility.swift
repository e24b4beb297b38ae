import AntrainEvents
import AntrainProjections
import Foundation

/// Figures no human reaches (issue 38, plausibility): a set of 1,200 kg on an overhead press
/// or 5 kg of egg at one sitting is a typo (a unit, a zero too many), and once stored it
/// becomes a record or a day's total that every later answer repeats. The events' own
/// limits (docs/EVENTS.md, Validation) only keep out hostile numbers; these keep out slips,
/// with ceilings well above the world's records, so that no real set or meal is refused.
extension CommandRules {
    /// The heaviest load a set may carry, in kilograms, by what the exercise is done with:
    /// above the heaviest lift ever made with that equipment (a barbell's best is near
    /// 500 kg, a dumbbell's near 150 kg); machines and sleds stack far more.
    static func loadCeiling(_ equipment: Equipment) -> (kilograms: Double, with: String) {
        switch equipment {
        case .barbell, .trapBar, .smithMachine, .ezBar: (650, "a bar")
        case .dumbbell: (200, "a dumbbell")
        case .kettlebell: (200, "a kettlebell")
        case .plate: (200, "a plate")
        case .bodyweight, .band: (300, "added load")
        case .machine, .cable, .none, .other: (1_500, "a machine")
        }
    }

    /// The most one diary entry may weigh, in grams: more than anyone eats or drinks at once.
    static let entryCeilingGrams = 3_000.0

    /// Refuses a set whose load is beyond ``loadCeiling(_:)`` for its exercise.
    func requirePlausible(_ performance: SetPerformance, _ exercise: LibraryExercise, for what: String) throws {
        guard let weight = performance.weight else { return }
        let ceiling = Self.loadCeiling(exercise.definition.equipment)
        guard weight.kilograms > ceiling.kilograms else { return }
        throw CommandError(.implausibleFigure,
                           "\(what): a weight of \(weight.description) on \(exercise.name) is more than anyone has lifted with "
                           + "\(ceiling.with) (at most \(Int(ceiling.kilograms)) kg here); "
                           + "check the figure and its unit (kg or lb)")
    }

    /// Refuses a diary entry heavier than ``entryCeilingGrams``.
    func requirePlausible(grams: Double, of food: String, for what: String) throws {
        guard grams > Self.entryCeilingGrams else { return }
        throw CommandError(.implausibleFigure,
                           "\(what): \(Self.number(grams)) g of \(food) is more than anyone eats at once "
                           + "(at most \(Int(Self.entryCeilingGrams)) g in one entry); check the amount, "
                           + "or log it as several entries over the day")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
