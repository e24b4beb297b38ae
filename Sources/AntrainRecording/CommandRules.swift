import AntrainEvents
import AntrainProjections
import Foundation

/// The rules: a command, the ``RecorderFacts`` and the version of the command's stream in, a
/// ``PlannedAppend`` or a ``CommandError`` out. Nothing here writes, or reads the clock; the
/// facts read the keys a rule needs (and, for a workout that ended, its events in the log).
///
/// The stream's version comes from the log's writer, taken by the ``Recorder`` before it
/// caught the facts up: the append expects it, so a check made on facts older than the
/// stream fails as a conflict instead of passing.
struct CommandRules {
    /// What the command is checked against.
    let facts: RecorderFacts
    /// The command's stream (``Command/streamID``).
    let stream: String
    /// The stream's last version before the facts were read; nil when it has no events.
    let streamVersion: UInt64?

    func plan(_ command: Command) async throws -> PlannedAppend {
        switch command {
        case .startWorkout, .addExercise, .removeExercise, .reorderExercises, .logSet, .correctSet, .removeSet, .changeWorkoutNotes, .recordWorkoutRPE,
             .completeWorkout, .cancelWorkout, .deleteWorkout, .logCardio, .logMetcon:
            return try await workoutPlan(command)
        case .createExercise, .updateExercise, .deleteExercise, .createCategory, .renameCategory, .deleteCategory,
             .createTemplate, .updateTemplate, .deleteTemplate:
            return try libraryPlan(command)
        case .createProgram, .updateProgram, .duplicateProgram, .deleteProgram, .activateProgram, .deactivateProgram:
            return try programPlan(command)
        case .createFood, .updateFood, .deleteFood, .favouriteFood, .logFood, .correctFoodEntry, .removeFoodEntry,
             .recordBodyweight, .updateProfile, .changeSettings:
            return try nutritionPlan(command)
        }
    }

    /// Events for the command's stream, expecting the version taken before the check.
    func append(_ events: [any DomainEvent]) -> PlannedAppend {
        precondition(events[0].streamID == stream, "\(events[0].streamID) is not the command's stream \(stream)")
        return PlannedAppend(events: events, stream: stream, expectedVersion: streamVersion.map { .exact($0) } ?? .noStream)
    }

    // MARK: Lookups shared by the rules

    /// An exercise that exists and is not deleted, for `use` ("logging a set").
    func usableExercise(_ id: UUID, for use: String) throws -> LibraryExercise {
        try usable(try facts.library.exercise(id: id), "exercise", id, for: use, hint: "; only exercises of the library can be used")
    }

    /// An exercise category that exists and is not deleted.
    func usableCategory(_ id: UUID, for use: String) throws -> LibraryCategory {
        try usable(try facts.library.category(id: id), "category", id, for: use)
    }

    /// A template that exists and is not deleted.
    func usableTemplate(_ id: UUID, for use: String) throws -> LibraryTemplate {
        try usable(try facts.library.template(id: id), "template", id, for: use)
    }

    /// A program that exists and is not deleted.
    func usableProgram(_ id: UUID, for use: String) throws -> LibraryProgram {
        try usable(try facts.library.program(id: id), "program", id, for: use)
    }

    /// A food that exists and is not deleted.
    func usableFood(_ id: UUID, for use: String) throws -> LibraryFood {
        try usable(try facts.library.food(id: id), "food", id, for: use)
    }

    /// The item of a lookup, refused when there is none or it was deleted (kept as a
    /// tombstone, so that the message can say "deleted" rather than "unknown").
    private func usable<Item: LibraryItem>(_ item: Item?, _ kind: String, _ id: UUID, for use: String, hint: String = "") throws -> Item {
        guard let item else { throw CommandError(.notFound, "\(use): there is no \(kind) \(id.uuidString)\(hint)") }
        guard !item.isDeleted else {
            throw CommandError(.deleted, "\(use): \(kind) \"\(item.name)\" (\(id.uuidString)) was deleted; "
                + "only \(kind)s that are not deleted can be used")
        }
        return item
    }

    /// Refuses to delete a preset, with `refusal`: presets are the library's own, and only what
    /// the user made (or copied) may be deleted.
    func requireNotPreset(_ isPreset: Bool, _ refusal: @autoclosure () -> String) throws {
        guard !isPreset else { throw CommandError(.presetCannotBeDeleted, refusal()) }
    }

    /// Refuses an id whose stream exists already (created before, even if deleted since).
    func requireNew(_ stream: String, _ what: String) throws {
        precondition(stream == self.stream, "only the command's own stream has a version at hand")
        guard streamVersion == nil else {
            throw CommandError(.alreadyExists, "cannot create \(what): the id is already used (stream \(stream)); use a new id")
        }
    }
}
