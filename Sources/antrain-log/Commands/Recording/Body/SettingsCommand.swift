import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log settings`: the units weights and distances are entered and shown in.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or set the weight and distance units; plain numbers are read in them.",
        discussion: """
            Without options, shows the units in force. A unit left out keeps its current value \
            (kg and kilometres at first).

            JSON of the units shown: {"weightUnit", "distanceUnit", "isDefault" (true until \
            they were ever set)}.

            Examples:
              antrain-log settings
              antrain-log settings --weight-unit lb
              antrain-log settings --weight-unit kg --distance-unit miles
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "kg or lb.")
    var weightUnit: MassUnit?

    @Option(name: .long, help: "kilometres or miles.")
    var distanceUnit: DistanceUnit?

    func run() async throws {
        if weightUnit == nil, distanceUnit == nil { return try await SettingsView.show(global) }
        try await RecordingSession.run(global, "settings") { session in
            let current = try await session.units()
            let weight = weightUnit ?? current.weight, distance = distanceUnit ?? current.distance
            try await session.execute(.changeSettings(weightUnit: weight, distanceUnit: distance))
            return Recorded("settings: weights in \(weight.rawValue), distances in \(distance.rawValue)", [
                ("weightUnit", .string(weight.rawValue)), ("distanceUnit", .string(distance.rawValue)),
            ])
        }
    }
}
