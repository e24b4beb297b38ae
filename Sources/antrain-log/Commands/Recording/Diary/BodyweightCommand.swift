import AntrainEvents
import ArgumentParser
import Foundation

/// `antrain-log bodyweight`: records a weigh-in.
struct BodyweightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodyweight",
        abstract: "Record your bodyweight.",
        discussion: """
            The weight keeps the unit it was typed in; a plain number is in the weight unit \
            setting (antrain-log settings).

            Examples:
              antrain-log bodyweight 81.4kg
              antrain-log bodyweight 179.5lb --at 06:45 --notes "before breakfast"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The weight: 81.4kg, 179.5lb, or a plain number in the weight unit setting.", valueName: "weight"))
    var weight: String

    @Option(name: .long, help: ArgumentHelp("When it was measured: 06:45 (today), 2026-11-21T06:45, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: "A note (at most 200 characters).")
    var notes: String?

    func run() async throws {
        try await RecordingSession.run(global, "bodyweight") { session in
            let recordedAt = try LocalTime.instant(at)
            let mass = try Quantities.mass(weight, plainUnit: try await session.units().weight)
            let entryID = UUID()
            try await session.execute(.recordBodyweight(entryID: entryID, weight: mass, at: recordedAt, notes: notes))
            return Recorded("recorded bodyweight \(mass) at \(TimeText.local(recordedAt.date))", [
                ("entryId", .id(entryID)), ("weight", .double(mass.value)), ("unit", .string(mass.unit.rawValue)),
            ])
        }
    }
}
