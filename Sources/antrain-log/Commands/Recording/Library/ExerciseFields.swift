import AntrainEvents
import ArgumentParser

/// The parts of an exercise's definition that `exercise add` and `exercise edit` take;
/// each one left out keeps its current value on edit.
struct ExerciseFields: ParsableArguments {
    @Option(name: .long, help: "barbell, dumbbell, bodyweight, machine, cable, cardio or metcon.")
    var category: ExerciseCategory?

    @Option(name: .long, help: "How sets are measured: weightAndReps, time, distance or bodyweight.")
    var kind: ExerciseKind?

    @Option(name: .long, help: "What it is done with: barbell, dumbbell, kettlebell, machine, cable, bodyweight, band, ... none, other.")
    var equipment: Equipment?

    @Option(name: .long, help: ArgumentHelp("The muscle groups it trains, main ones first, comma-separated: chest,triceps.",
                                            valueName: "groups"))
    var muscles: String?

    @Option(name: .long, help: "How to perform it (at most 1000 characters).")
    var description: String?

    @Option(name: .long, help: ArgumentHelp("A YouTube video: youtube.com/watch?v=ID or youtu.be/ID.", valueName: "url"))
    var video: String?

    /// The muscle groups typed, in order; a name that is not a group is a usage error.
    func muscleGroups() throws -> [MuscleGroup]? {
        guard let muscles else { return nil }
        return try muscles.split(separator: ",").map { typed in
            let name = typed.trimmingCharacters(in: .whitespaces)
            guard let group = MuscleGroup.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                let allowed = MuscleGroup.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("\"\(name)\" is not a muscle group: use \(allowed).")
            }
            return group
        }
    }

    /// `definition` with the fields given replaced.
    func applied(to definition: ExerciseDefinition) throws -> ExerciseDefinition {
        var result = definition
        if let category { result.category = category }
        if let kind { result.kind = kind }
        if let equipment { result.equipment = equipment }
        if let groups = try muscleGroups() { result.muscleGroups = groups }
        if let description { result.description = description.isEmpty ? nil : description }
        if let video { result.youTubeURL = video.isEmpty ? nil : video }
        return result
    }

    /// The equipment a category implies when none is given: a barbell exercise uses a barbell.
    static func equipment(for category: ExerciseCategory) -> Equipment {
        switch category {
        case .barbell: return .barbell
        case .dumbbell: return .dumbbell
        case .bodyweight: return .bodyweight
        case .machine: return .machine
        case .cable: return .cable
        case .cardio, .metcon: return .none
        }
    }
}
