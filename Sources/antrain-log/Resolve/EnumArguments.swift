import AntrainEvents
import ArgumentParser
import Foundation

// The event enumerations as command-line values: their raw strings (docs/EVENTS.md,
// Enumerations), so that help lists exactly what the events accept, taken in any case
// (issue 20: `--type WARMUP` is `warmup`).

/// An enumeration typed on the command line by its raw value, in any case.
protocol AnyCaseArgument: ExpressibleByArgument, StringCodedEnum {}

extension AnyCaseArgument {
    /// The case whose raw value (or alias, as the events read it) is `argument`, ignoring
    /// case, spaces, hyphens and underscores: `weightAndReps`, `weight and reps` (as text
    /// shows it) and `WEIGHT-AND-REPS`.
    public init?(argument: String) {
        let key = Self.key(argument)
        let names = Self.allCases.map { ($0.rawValue, $0) } + Self.decodingAliases.map { ($0.key, $0.value) }
        guard let found = names.first(where: { Self.key($0.0) == key }) else { return nil }
        self = found.1
    }

    private static func key(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}

extension WorkoutType: AnyCaseArgument {}
extension SetType: AnyCaseArgument {}
extension Meal: AnyCaseArgument {}
extension MassUnit: AnyCaseArgument {}
extension DistanceUnit: AnyCaseArgument {}
extension CardioActivity: AnyCaseArgument {}
extension MetconFormat: AnyCaseArgument {}
extension ExerciseCategory: AnyCaseArgument {}
extension ExerciseKind: AnyCaseArgument {}
extension Equipment: AnyCaseArgument {}
extension MuscleGroup: AnyCaseArgument {}
extension FoodCategory: AnyCaseArgument {}
extension Sex: AnyCaseArgument {}
extension ActivityLevel: AnyCaseArgument {}
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
extension ProgramDifficulty: AnyCaseArgument {}
extension ProgressionPattern: AnyCaseArgument {}
