import AntrainEvents
import ArgumentParser
import Foundation

/// What one set was, typed as `100kg x 5` after the exercise or with options.
///
/// Shared by `workout set` and `workout correct-set`, so a correction is typed like the set.
struct SetOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Weight and reps: 100kg x 5, 225lb x 3, 80 x 10 (the weight unit setting), bw x 12, or 12 (reps).",
                                 valueName: "weight x reps"))
    var amount: [String] = []

    @Option(name: .long, help: "The load: 100kg, 225lb, or a plain number in the weight unit setting; 0 or bw for bodyweight.")
    var weight: String?

    @Option(name: .long, help: "Repetitions (1 to 999).")
    var reps: Int?

    @Option(name: .long, help: ArgumentHelp("For timed exercises: 60s, 1m30s, 1:30.", valueName: "duration"))
    var time: String?

    @Option(name: .long, help: ArgumentHelp("For distance exercises: 400m, 5km, 3mi.", valueName: "distance"))
    var distance: String?

    @Option(name: .long, help: "How hard the set was, 1 to 10.")
    var rpe: Double?

    @Option(name: .long, help: ArgumentHelp("Rest after the set: 90s, 2m (at most 10 minutes).", valueName: "duration"))
    var rest: String?

    @Option(name: .long, help: "warmup, normal, dropset or failure.")
    var type: SetType = .normal

    @Option(name: .long, help: "A note on the set (at most 200 characters).")
    var notes: String?

    @Flag(name: .long, help: "The set is planned, not done yet.")
    var planned = false

    /// The set as the event records it; plain weights are in `unit`, plain distances in `distanceUnit`.
    func performance(weightUnit unit: MassUnit, distanceUnit: DistanceUnit) throws -> SetPerformance {
        var weight = try self.weight.map { try Self.load($0, unit) }
        var reps = self.reps
        if !amount.isEmpty {
            guard self.weight == nil, self.reps == nil else {
                throw ValidationError("Give the set either as \"100kg x 5\" or with --weight and --reps, not both.")
            }
            let typed = amount.joined(separator: " ").lowercased()
            guard let match = typed.wholeMatch(of: #/^(?:(.+?)\s*[x×*]\s*)?(\d+)(?:\s*reps?)?$/#), let count = Int(match.output.2) else {
                throw ValidationError("\"\(amount.joined(separator: " "))\" is not a set: write WEIGHT x REPS (100kg x 5, 225lb x 3, bw x 12) or REPS alone.")
            }
            reps = count
            weight = try match.output.1.map { try Self.load(String($0), unit) }
        }
        guard reps != nil || time != nil || distance != nil else {
            throw ValidationError("Say what the set was: 100kg x 5, --reps 12, --time 60s or --distance 400m.")
        }
        guard weight == nil || reps != nil else {
            throw ValidationError("A weight needs reps: write 100kg x 5, or add --reps.")
        }
        return SetPerformance(setType: type, reps: reps, weight: weight,
                              durationSeconds: try time.map { try Quantities.seconds($0, what: "time") },
                              distanceMetres: try distance.map { try Quantities.metres($0, plainUnit: distanceUnit) },
                              completed: !planned, rpe: rpe,
                              restSeconds: try rest.map { Int(try Quantities.seconds($0, what: "rest").rounded()) },
                              notes: notes)
    }

    private static func load(_ text: String, _ unit: MassUnit) throws -> Mass {
        ["bw", "bodyweight"].contains(text.lowercased()) ? Mass(0, unit) : try Quantities.mass(text, plainUnit: unit)
    }
}
