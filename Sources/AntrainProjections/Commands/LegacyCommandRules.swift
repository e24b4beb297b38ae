import AntrainEvents
import Foundation

/// The rules: a command and the current ``LegacyCommandState`` in, a ``PlannedAppend`` or a
/// ``CommandError`` out. Pure: nothing here reads the log or the clock.
enum LegacyCommandRules {
    static func plan(_ command: Command, in state: LegacyCommandState) throws -> PlannedAppend {
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
    static func append(_ events: [any DomainEvent], in state: LegacyCommandState) -> PlannedAppend {
        let stream = events[0].streamID
        return PlannedAppend(events: events, stream: stream, expectedVersion: state.expectedVersion(of: stream))
    }

    // MARK: Lookups shared by the rules

    /// An exercise that exists and is not deleted, for `use` ("logging a set").
    static func usableExercise(_ id: UUID, in state: LegacyCommandState, for use: String) throws -> LegacyCommandState.LibraryItem {
        try usable(state.exercises[id], "exercise", id, for: use, hint: "; only exercises of the library can be used",
                   name: \.name, isDeleted: \.isDeleted)
    }

    /// A template that exists and is not deleted.
    static func usableTemplate(_ id: UUID, in state: LegacyCommandState, for use: String) throws -> LegacyCommandState.Template {
        try usable(state.templates[id], "template", id, for: use, name: \.name, isDeleted: \.isDeleted)
    }

    /// A program that exists and is not deleted.
    static func usableProgram(_ id: UUID, in state: LegacyCommandState, for use: String) throws -> LegacyCommandState.Program {
        try usable(state.programs[id], "program", id, for: use, name: \.definition.name, isDeleted: \.isDeleted)
    }

    /// A food that exists and is not deleted.
    static func usableFood(_ id: UUID, in state: LegacyCommandState, for use: String) throws -> LegacyCommandState.Food {
        try usable(state.foods[id], "food", id, for: use, name: \.definition.name, isDeleted: \.isDeleted)
    }

    /// The item of a lookup, refused when there is none or it was deleted (kept as a
    /// tombstone, so that the message can say "deleted" rather than "unknown").
    private static func usable<Item>(_ item: Item?, _ kind: String, _ id: UUID, for use: String, hint: String = "",
                                     name: (Item) -> String, isDeleted: (Item) -> Bool) throws -> Item {
        guard let item else { throw CommandError(.notFound, "\(use): there is no \(kind) \(id.uuidString)\(hint)") }
        guard !isDeleted(item) else {
            throw CommandError(.deleted, "\(use): \(kind) \"\(name(item))\" (\(id.uuidString)) was deleted; "
                + "only \(kind)s that are not deleted can be used")
        }
        return item
    }

    /// Refuses an id whose stream exists already (created before, even if deleted since).
    static func requireNew(_ stream: String, _ what: String, in state: LegacyCommandState) throws {
        guard state.streamVersions[stream] == nil else {
            throw CommandError(.alreadyExists, "cannot create \(what): the id is already used (stream \(stream)); use a new id")
        }
    }
}
