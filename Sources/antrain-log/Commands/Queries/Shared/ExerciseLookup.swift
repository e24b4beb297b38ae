import AntrainProjections
import Foundation

/// Finds the exercise a user named: by id, or by name ignoring case, with "did you mean" on a miss.
enum ExerciseLookup {
    /// The exercise `typed` names.
    ///
    /// - Throws: a ``CommandFailure`` with status 65 (the input names nothing in the log) whose
    ///   fix lists the closest names of the library.
    static func resolve(_ typed: String, in library: Library) throws -> (id: UUID, name: String) {
        if let id = UUID(uuidString: typed.trimmingCharacters(in: .whitespaces)) {
            return (id, try library.exercise(id: id)?.name ?? typed)
        }
        if let exercise = try library.exercise(named: typed) { return (exercise.id, exercise.name) }
        let suggestions = try library.suggestions(for: typed, among: .exercise).map { "\"\($0.name)\"" }
        let fix = suggestions.isEmpty
            ? "name an exercise of the library (antrain-log stats lists those trained), or give its id"
            : "did you mean \(suggestions.joined(separator: ", "))? Names ignore case; an exercise id works too"
        throw CommandFailure(message: "no exercise in the library is named \"\(typed)\"", fix: fix, status: ExitStatus.rejectedInput)
    }
}
