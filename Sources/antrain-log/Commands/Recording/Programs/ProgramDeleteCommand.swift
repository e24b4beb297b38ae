import ArgumentParser
import Foundation

/// `antrain-log program delete`: removes a program you made or copied.
struct ProgramDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a program you made or copied (presets stay).",
        discussion: """
            Examples:
              antrain-log program delete "My 5x5"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program: its name or id.")
    var program: String

    func run() async throws {
        try await RecordingSession.run(global, "program delete") { session in
            let found = try await session.names().program(program)
            try await session.execute(.deleteProgram(programID: found.id))
            return Recorded("deleted program \(found.id.uuidString) \"\(found.name)\"", [("programId", .id(found.id))])
        }
    }
}
