import AntrainEvents
import Foundation

/// The events a command turns into, the stream they go to, and the version of that stream
/// the decision was made against.
public struct PlannedAppend: Sendable {
    /// The events, in order, all of one stream.
    public var events: [any DomainEvent]
    /// Their stream.
    public var stream: String
    /// The stream's version the rules saw: the append fails if another writer moved it.
    public var expectedVersion: ExpectedVersion
}

/// The rules: a command and the current ``CommandState`` in, a ``PlannedAppend`` or a
/// ``CommandError`` out. Pure: nothing here reads the log or the clock.
enum CommandRules {
    static func plan(_ command: Command, in state: CommandState) throws -> PlannedAppend {
        switch command {
        case .startWorkout, .addExercise, .logSet, .correctSet, .removeSet, .changeWorkoutNotes, .recordWorkoutRPE,
             .completeWorkout, .cancelWorkout, .deleteWorkout, .logCardio, .logMetcon:
            return try workoutPlan(command, in: state)
        case .createExercise, .updateExercise, .deleteExercise, .createTemplate, .updateTemplate, .deleteTemplate:
            return try libraryPlan(command, in: state)
        case .createProgram, .updateProgram, .duplicateProgram, .deleteProgram, .activateProgram, .deactivateProgram:
            return try programPlan(command, in: state)
        case .createFood, .updateFood, .deleteFood, .logFood, .recordBodyweight, .updateProfile, .changeSettings:
            return try nutritionPlan(command, in: state)
        }
    }

    /// Events for the stream of the first, expecting the version the state holds for it.
    static func append(_ events: [any DomainEvent], in state: CommandState) -> PlannedAppend {
        let stream = events[0].streamID
        return PlannedAppend(events: events, stream: stream, expectedVersion: state.expectedVersion(of: stream))
    }

    // MARK: Lookups shared by the rules

    /// An exercise that exists and is not deleted, for `use` ("logging a set").
    static func usableExercise(_ id: UUID, in state: CommandState, for use: String) throws -> CommandState.LibraryItem {
        guard let exercise = state.exercises[id] else {
            throw CommandError(.notFound, "\(use): there is no exercise \(id.uuidString); only exercises of the library can be used")
        }
        guard !exercise.isDeleted else {
            throw CommandError(.deleted, "\(use): exercise \"\(exercise.name)\" (\(id.uuidString)) was deleted; "
                + "only exercises that are not deleted can be used")
        }
        return exercise
    }

    /// A template that exists and is not deleted.
    static func usableTemplate(_ id: UUID, in state: CommandState, for use: String) throws -> CommandState.Template {
        guard let template = state.templates[id] else {
            throw CommandError(.notFound, "\(use): there is no template \(id.uuidString)")
        }
        guard !template.isDeleted else {
            throw CommandError(.deleted, "\(use): template \"\(template.name)\" (\(id.uuidString)) was deleted; "
                + "only templates that are not deleted can be used")
        }
        return template
    }

    /// A program that exists and is not deleted.
    static func usableProgram(_ id: UUID, in state: CommandState, for use: String) throws -> CommandState.Program {
        guard let program = state.programs[id] else {
            throw CommandError(.notFound, "\(use): there is no program \(id.uuidString)")
        }
        guard !program.isDeleted else {
            throw CommandError(.deleted, "\(use): program \"\(program.definition.name)\" (\(id.uuidString)) was deleted; "
                + "only programs that are not deleted can be used")
        }
        return program
    }

    /// A food that exists and is not deleted.
    static func usableFood(_ id: UUID, in state: CommandState, for use: String) throws -> CommandState.Food {
        guard let food = state.foods[id] else {
            throw CommandError(.notFound, "\(use): there is no food \(id.uuidString)")
        }
        guard !food.isDeleted else {
            throw CommandError(.deleted, "\(use): food \"\(food.definition.name)\" (\(id.uuidString)) was deleted; "
                + "only foods that are not deleted can be used")
        }
        return food
    }

    /// Refuses an id whose stream exists already (created before, even if deleted since).
    static func requireNew(_ stream: String, _ what: String, in state: CommandState) throws {
        guard state.streamVersions[stream] == nil else {
            throw CommandError(.alreadyExists, "cannot create \(what): the id is already used (stream \(stream)); use a new id")
        }
    }
}
