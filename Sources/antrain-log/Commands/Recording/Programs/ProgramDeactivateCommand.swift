import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log program deactivate`: stops following the active program.
struct ProgramDeactivateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deactivate",
        abstract: "Stop following the active program.",
        discussion: """
            Examples:
              antrain-log program deactivate
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("When: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        try await RecordingSession.run(global, "program deactivate") { session in
            let when = try LocalTime.instant(at)
            let programID = try await session.facts().activeProgramID()
            try await session.execute(.deactivateProgram(at: when))
            return Recorded("stopped following the active program", programID.map { [("programId", .id($0))] } ?? [])
        }
    }
}
