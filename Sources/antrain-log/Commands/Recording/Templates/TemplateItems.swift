import AntrainEvents
import ArgumentParser
import Foundation

/// A template's steps as typed: `--item "Bench Press=3x8/90s"`, `--item "Squat=5x5@100kg/3m"`, `--item Plank=60s`,
/// `--item break=2m`, or a JSON file of items in their documented form (docs/EVENTS.md,
/// TemplateItem).
struct TemplateItems: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("""
        A step, in order: EXERCISE=SETSxREPS (rest 90s), EXERCISE=SETSxREPS/REST, EXERCISE=SETSxREPS@WEIGHT/REST (the weight to start from), EXERCISE=DURATION (timed), or break=DURATION.
        """, valueName: "step"))
    var item: [String] = []

    @Option(name: .long, help: ArgumentHelp("A JSON file holding the items as an array, in the events' form.", valueName: "file"))
    var file: String?

    var isEmpty: Bool { item.isEmpty && file == nil }

    /// The items, exercises resolved by name or id, positions numbered 1, 2, ...; a weight
    /// without a unit is in `plainUnit` (the settings').
    func resolve(_ names: LibraryNames, plainUnit: MassUnit) async throws -> [TemplateItem] {
        if let file {
            guard item.isEmpty else { throw ValidationError("Give the items with --item or with --file, not both.") }
            return try Self.load(file)
        }
        var items: [TemplateItem] = []
        for (index, typed) in item.enumerated() {
            guard let split = typed.lastIndex(of: "=") else {
                throw ValidationError("--item \"\(typed)\" has no \"=\": write \"Bench Press=3x8\", \"Plank=60s\" or \"break=2m\".")
            }
            let name = String(typed[..<split]).trimmingCharacters(in: .whitespaces)
            let spec = String(typed[typed.index(after: split)...]).trimmingCharacters(in: .whitespaces).lowercased()
            let position = index + 1
            if name.lowercased() == "break" {
                items.append(.break(position: position, durationSeconds: Int(try Quantities.seconds(spec, what: "break").rounded())))
                continue
            }
            let exercise = try await names.exercise(name)
            if let match = spec.wholeMatch(of: #/^(\d+)\s*[x×]\s*(\d+)(?:\s*@\s*([^/]+?))?(?:\s*/\s*(.+))?$/#) {
                let weight = try match.output.3.map { try Quantities.mass(String($0), plainUnit: plainUnit, what: "weight of --item \"\(typed)\"") }
                let rest = try match.output.4.map { Int(try Quantities.seconds(String($0), what: "rest").rounded()) } ?? 90
                items.append(.exercise(position: position, exerciseID: exercise.id,
                                       target: .repetitions(sets: Int(match.output.1)!, repsPerSet: Int(match.output.2)!, restSeconds: rest,
                                                            weight: weight)))
            } else {
                let seconds = try Quantities.seconds(spec, what: "target (SETSxREPS or a duration)")
                items.append(.exercise(position: position, exerciseID: exercise.id, target: .time(durationSeconds: Int(seconds.rounded()))))
            }
        }
        return items
    }

    private static func load(_ path: String) throws -> [TemplateItem] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "cannot read \(path)", fix: "check the file's path and permissions", status: .noInput)
        }
        do {
            return try JSONDecoder().decode([TemplateItem].self, from: data)
        } catch {
            throw CommandFailure(message: "\(path) is not a JSON array of template items: \(error)",
                                 fix: "write the items as docs/EVENTS.md (TemplateItem) shows them", status: .rejectedInput)
        }
    }
}
