import AntrainEvents
import ArgumentParser

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
extension ProgramCategory: ExpressibleByArgument {}
extension ProgramDifficulty: ExpressibleByArgument {}
extension ProgressionPattern: ExpressibleByArgument {}
