import AntrainEvents
import AntrainImport
import AntrainLog
import AntrainProjections
import Foundation

/// What the log holds already, as far as an import cares: the ids of its events (a re-import
/// proposes the same ids and they are left out) and the library's names (reused, not created
/// twice).
struct LogContents {
    var storedIDs: Set<UUID> = []
    var library = KnownLibrary()

    /// Reads `log`; the library only when `withLibrary` (a JSON Lines import names its own ids),
    /// caught up in the log's state store.
    static func read(_ log: EventLog?, withLibrary: Bool) async throws -> LogContents {
        var contents = LogContents()
        guard let log else { return contents }
        contents.storedIDs = try await ImportAppender.storedIDs(in: log)
        guard withLibrary, !contents.storedIDs.isEmpty else { return contents }
        let store = try ProjectionStore(logDirectory: log.directory.path.string, models: Library.models)
        let library = Library(try await store.catchUp(log).store)
        for exercise in try library.allExercises() { contents.library.addExercise(named: exercise.name, id: exercise.id) }
        for food in try library.allFoods() { contents.library.addFood(named: food.definition.name, id: food.id) }
        return contents
    }
}
