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

    @Option(name: .long, help: "warmup, normal, dropset or failure (default: normal).")
    var type: SetType?

    @Option(name: .long, help: "A note on the set (at most 200 characters).")
    var notes: String?

    @Flag(name: .long, help: "The set is planned, not done yet.")
    var planned = false

    /// The set as the event records it; plain weights are in `unit`, plain distances in `distanceUnit`.
    func performance(weightUnit unit: MassUnit, distanceUnit: DistanceUnit) throws -> SetPerformance {
        let (weight, reps) = try load(unit)
        guard reps != nil || time != nil || distance != nil else {
            throw ValidationError("Say what the set was: 100kg x 5, --reps 12, --time 60s or --distance 400m.")
        }
        guard weight == nil || reps != nil || time != nil || distance != nil else {
            throw ValidationError("A weight needs reps, a time or a distance: write 100kg x 5, or add --reps, --time or --distance.")
        }
        var performance = SetPerformance(setType: type ?? .normal, reps: reps, weight: weight, completed: !planned)
        try applyMeasures(to: &performance, distanceUnit: distanceUnit)
        return performance
    }

    /// `current` with what was typed in place of what it had, and the rest as it was: a
    /// correction of the RPE keeps the weight and reps. `done` marks a planned set as done.
    func corrected(_ current: SetPerformance, done: Bool, weightUnit unit: MassUnit, distanceUnit: DistanceUnit) throws -> SetPerformance {
        let (weight, reps) = try load(unit)
        let anything = weight != nil || reps != nil || time != nil || distance != nil || rpe != nil || rest != nil
            || type != nil || notes != nil || planned || done
        guard anything else {
            throw ValidationError("Say what to correct: 102.5kg x 5, --reps 6, --weight 100kg, --time 75s, --rpe 8, --notes, --done ...")
        }
        guard !(planned && done) else { throw ValidationError("A set is either --planned or --done, not both.") }
        var performance = current
        if let reps { performance.reps = reps }
        // A bare count ("6") changes the reps and keeps the load.
        if let weight { performance.weight = weight }
        if let type { performance.setType = type }
        if planned { performance.completed = false }
        if done { performance.completed = true }
        try applyMeasures(to: &performance, distanceUnit: distanceUnit)
        if performance.weight != nil, performance.reps == nil, performance.durationSeconds == nil, performance.distanceMetres == nil {
            throw ValidationError("A weight needs reps, a time or a distance: the set has none; write 100kg x 5, or add --reps, --time or --distance.")
        }
        return performance
    }

    /// The weight and reps typed, as `100kg x 5` or with `--weight` and `--reps`; nil where not given.
    private func load(_ unit: MassUnit) throws -> (weight: Mass?, reps: Int?) {
        let weight = try self.weight.map { try Self.load($0, unit) }
        guard !amount.isEmpty else { return (weight, reps) }
        guard self.weight == nil, self.reps == nil else {
            throw ValidationError("Give the set either as \"100kg x 5\" or with --weight and --reps, not both.")
        }
        let typed = amount.joined(separator: " ").lowercased()
        guard let match = typed.wholeMatch(of: #/^(?:(.+?)\s*[x×*]\s*)?(\d+)(?:\s*reps?)?$/#), let count = Int(match.output.2) else {
            throw ValidationError("\"\(ArgumentRewriting.asTyped(amount.joined(separator: " ")))\" is not a set: write WEIGHT x REPS (100kg x 5, 225lb x 3, bw x 12) or REPS alone.")
        }
        return (try match.output.1.map { try Self.load(String($0), unit) }, count)
    }

    /// Puts the time, distance, RPE, rest and notes typed into `performance`, over what it had.
    private func applyMeasures(to performance: inout SetPerformance, distanceUnit: DistanceUnit) throws {
        if let time { performance.durationSeconds = try Quantities.seconds(time, what: "time") }
        if let distance { performance.distanceMetres = try Quantities.metres(distance, plainUnit: distanceUnit) }
        if let rpe { performance.rpe = rpe }
        if let rest { performance.restSeconds = Int(try Quantities.seconds(rest, what: "rest").rounded()) }
        if let notes { performance.notes = notes }
    }

    /// A load as typed: `bw` or `bodyweight` for none, else a mass in `unit` when it names none.
    static func load(_ text: String, _ unit: MassUnit) throws -> Mass {
        ["bw", "bodyweight"].contains(text.lowercased()) ? Mass(0, unit) : try Quantities.mass(text, plainUnit: unit)
    }
}
