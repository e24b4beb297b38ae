import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log exercise category rename`: gives a category of your own a new name.
struct ExerciseCategoryRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Give a category you made a new name; its exercises stay in it.",
        discussion: """
            The preset categories keep their names. The new name is 1 to 100 characters, and \
            no other category has it (ignoring case).

            Examples:
              antrain-log exercise category rename Mobility "Mobility & Prehab"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The category: its name or id.")
    var category: String

    @Argument(help: "Its new name (1 to 100 characters).")
    var name: String

    func run() async throws {
        try await RecordingSession.run(global, "exercise category rename") { session in
            let found = try await session.names().category(category)
            try await session.execute(.renameCategory(categoryID: found.id, name: name))
            return Recorded("renamed category \(found.id.uuidString) \"\(found.name)\" to \"\(name)\"",
                            [("categoryId", .id(found.id)), ("name", .string(name))])
        }
    }
}
