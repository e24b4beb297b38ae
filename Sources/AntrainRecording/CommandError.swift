import AntrainEvents
import AntrainProjections
import Foundation

/// Why a command was refused: a code to branch on, and a message that names what was
/// asked, where, and what is allowed. Nothing is appended when a command is refused.
public struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule a command broke.
    public enum Code: String, Sendable, Equatable {
        /// Another workout is active.
        case workoutAlreadyActive
        /// The workout named is not the active one (it ended, or another is active).
        case workoutNotActive
        /// The workout is of another type than the command needs.
        case wrongWorkoutType
        /// A lifting workout cannot be completed without a completed set.
        case noCompletedSet
        /// A cardio or metcon workout cannot be completed without its data, a session logged
        /// into it (seed 001: a quick log needs its data).
        case noQuickLogData
        /// A template holds no exercise, only breaks (seed 002: a workout needs an exercise).
        case templateWithoutExercise
        /// The id is already used.
        case alreadyExists
        /// Nothing has this id.
        case notFound
        /// The item was deleted and cannot be used in new events.
        case deleted
        /// The set is not in the workout.
        case setNotFound
        /// The exercise (entry) is not in the workout, or a new order does not name each of its
        /// exercises once.
        case exerciseNotInWorkout
        /// A set is given a time outside its workout: before its start, or after the end of a
        /// completed one.
        case setTimeOutsideWorkout
        /// Another own exercise category has this name.
        case duplicateCategoryName
        /// A preset category keeps its name.
        case presetCannotBeRenamed
        /// The diary entry is not in the day named.
        case entryNotFound
        /// The set holds what its exercise's kind does not measure (a distance for a
        /// weight-and-reps exercise, reps for a timed one).
        case setDoesNotFitExercise
        /// Preset exercises, foods and programs cannot be deleted.
        case presetCannotBeDeleted
        /// A template used by a program cannot be deleted.
        case templateInUse
        /// Another program has this name.
        case duplicateProgramName
        /// Another exercise, food or template (preset or own, not deleted) has this name, which
        /// would leave one of the two unreachable by name.
        case duplicateName
        /// No program is active.
        case noActiveProgram
        /// A figure beyond what any human lifts or eats at once (a typo, a wrong unit).
        case implausibleFigure
        /// An event broke the validation rules (docs/EVENTS.md, Validation).
        case invalidEvent
        /// The stream changed since the state was read (another writer): nothing was appended.
        case conflict
    }

    /// The rule broken.
    public var code: Code
    /// What was asked, where, and what is allowed.
    public var message: String

    /// A refusal.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
