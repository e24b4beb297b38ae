import AntrainEvents
import AntrainImport
import AntrainLog
import AntrainProjections
import Foundation

/// What the log holds already, as far as planning an import cares: the library's names
/// (reused, not created twice). Which of the planned events it holds is the log's to say,
/// once they are planned (`ImportAppender.storedIDs(of:in:)`).
struct LogContents {
    var library = KnownLibrary()

    /// Reads `log`; the library only when `withLibrary` (a JSON Lines import names its own ids),
    /// caught up in the log's state store.
    static func read(_ log: (any LogReader)?, place: LogPlace, withLibrary: Bool) async throws -> LogContents {
        var contents = LogContents()
        guard let log else { return contents }
        guard withLibrary, try await log.end().nextOffset > 0 else { return contents }
        let library = Library(try await StateAccess.caughtUp(Library.models, log: log, place: place))
        for exercise in try library.allExercises() { contents.library.addExercise(named: exercise.name, id: exercise.id) }
        for food in try library.allFoods() { contents.library.addFood(named: food.definition.name, id: food.id) }
        return contents
    }
}
