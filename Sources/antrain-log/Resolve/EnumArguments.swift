import AntrainEvents
import ArgumentParser
import Foundation

// The event enumerations as command-line values: their raw strings (docs/EVENTS.md,
// Enumerations), so that help lists exactly what the events accept, taken in any case
// (issue 20: `--type WARMUP` is `warmup`).

/// An enumeration typed on the command line by its raw value, in any case.
protocol AnyCaseArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension AnyCaseArgument {
    /// The case whose raw value is `argument`, ignoring case and surrounding white space.
    public init?(argument: String) {
        let key = argument.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = found
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
