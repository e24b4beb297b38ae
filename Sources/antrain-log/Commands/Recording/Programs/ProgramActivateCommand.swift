import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log program activate`: starts following a program.
struct ProgramActivateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Follow a program from a day (today by default); it replaces the one followed.",
        discussion: """
            Examples:
              antrain-log program activate "My split"
              antrain-log program activate "Beginner Linear Strength" --start 2026-12-01
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The program: its name or id.", completion: NameCompletion.programs)
    var program: String

    @Option(name: .long, help: ArgumentHelp("Its first day: 2026-12-01, today or yesterday.", valueName: "day"))
    var start: String?

    func run() async throws {
        try await RecordingSession.run(global, "program activate") { session in
            let day = try LocalTime.day(start, option: "--start")
            let found = try await session.names().program(program)
            try await session.execute(.activateProgram(programID: found.id, startDate: day))
            return Recorded("following program \"\(found.name)\" from \(day)", [
                ("programId", .id(found.id)), ("startDate", .string(day.description)),
            ])
        }
    }
}
