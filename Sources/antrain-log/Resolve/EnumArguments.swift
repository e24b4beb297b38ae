import AntrainEvents
import ArgumentParser
import Foundation

// The event enumerations as command-line values: their raw strings (docs/EVENTS.md,
// Enumerations), so that help lists exactly what the events accept.
extension WorkoutType: ExpressibleByArgument {}
extension SetType: ExpressibleByArgument {}
extension Meal: ExpressibleByArgument {}
extension MassUnit: ExpressibleByArgument {}
extension DistanceUnit: ExpressibleByArgument {}
extension CardioActivity: ExpressibleByArgument {}
extension MetconFormat: ExpressibleByArgument {}
extension ExerciseCategory: ExpressibleByArgument {}
extension ExerciseKind: ExpressibleByArgument {}
extension Equipment: ExpressibleByArgument {}
extension MuscleGroup: ExpressibleByArgument {}
extension FoodCategory: ExpressibleByArgument {}
extension Sex: ExpressibleByArgument {}
extension ActivityLevel: ExpressibleByArgument {}
extension ProgramCategory: ExpressibleByArgument {
    /// A category by its value, its version 1 name (`strength`) or its display name in the
    /// app's design (`"Strength Training"`), in any case.
    public init?(argument: String) {
        let key = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let names = Self.allCases.map { ($0.rawValue, $0) } + Self.decodingAliases.map { ($0.key, $0.value) }
        guard let found = names.first(where: { $0.0.lowercased() == key }) else { return nil }
        self = found.1
    }
}
extension ProgramDifficulty: ExpressibleByArgument {}
extension ProgressionPattern: ExpressibleByArgument {}
