import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log program duplicate`: copies a program (a preset, say) to change it freely.
struct ProgramDuplicateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate",
        abstract: "Copy a program under a new name and print the copy's id.",
        discussion: """
            Examples:
              antrain-log program duplicate "Beginner Linear Strength" --name "My 5x5"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program to copy: its name or id.")
    var program: String

    @Option(name: .long, help: "The copy's name (unique, ignoring case).")
    var name: String

    func run() async throws {
        try await RecordingSession.run(global, "program duplicate") { session in
            let source = try await session.names().program(program)
            let copyID = UUID()
            try await session.execute(.duplicateProgram(newProgramID: copyID, sourceProgramID: source.id, name: name))
            return Recorded("copied program \"\(source.name)\" as \(copyID.uuidString) \"\(name)\"", [
                ("programId", .id(copyID)), ("sourceProgramId", .id(source.id)), ("name", .string(name)),
            ])
        }
    }
}
