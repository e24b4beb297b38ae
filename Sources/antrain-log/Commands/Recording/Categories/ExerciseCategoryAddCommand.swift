import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log exercise category add`: makes an exercise category and prints its id.
struct ExerciseCategoryAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make an exercise category of your own and print its id.",
        discussion: """
            The name is 1 to 100 characters, and no other category has it (ignoring case).

            Examples:
              antrain-log exercise category add Mobility
              antrain-log exercise add "World's Greatest Stretch" --category bodyweight --category Mobility --muscles glutes,legs
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The category's name (1 to 100 characters).")
    var name: String

    func run() async throws {
        try await RecordingSession.run(global, "exercise category add") { session in
            let categoryID = UUID()
            try await session.execute(.createCategory(categoryID: categoryID, name: name))
            return Recorded("added category \(categoryID.uuidString) \"\(name)\"",
                            [("categoryId", .id(categoryID)), ("name", .string(name))])
        }
    }
}
