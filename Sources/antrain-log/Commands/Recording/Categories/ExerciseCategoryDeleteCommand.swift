import ArgumentParser
import Foundation

/// `antrain-log exercise category delete`: deletes a category of your own.
struct ExerciseCategoryDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a category you made; its exercises stay in the library.",
        discussion: """
            The preset categories stay. Exercises that were in the category keep everything \
            else; exercise list --category no longer finds them by it.

            Examples:
              antrain-log exercise category delete Mobility
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The category: its name or id.")
    var category: String

    func run() async throws {
        try await RecordingSession.run(global, "exercise category delete") { session in
            let found = try await session.names().category(category)
            try await session.execute(.deleteCategory(categoryID: found.id))
            return Recorded("deleted category \(found.id.uuidString) \"\(found.name)\"", [("categoryId", .id(found.id))])
        }
    }
}
