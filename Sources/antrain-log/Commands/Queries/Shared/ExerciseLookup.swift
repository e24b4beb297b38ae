import AntrainProjections
import Foundation

/// Finds the exercise a user named, for the queries: the way the recording commands find it
/// (``LibraryNames/resolve(_:_:)``: by id, by name in any case, or by the words of its name).
enum ExerciseLookup {
    /// The exercise `typed` names.
    ///
    /// - Throws: a ``CommandFailure`` with status 65 (the input names nothing in the log, or
    ///   several exercises) that lists the closest names or the candidates.
    static func resolve(_ typed: String, in library: Library) throws -> (id: UUID, name: String) {
        let found = try LibraryNames(library: library).resolve(typed, .exercise)
        return (found.id, found.name)
    }
}
