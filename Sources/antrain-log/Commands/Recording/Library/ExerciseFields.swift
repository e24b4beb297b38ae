import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// The parts of an exercise's definition that `exercise add` and `exercise edit` take;
/// each one left out keeps its current value on edit.
struct ExerciseFields: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("barbell, dumbbell, bodyweight, machine, cable, cardio or metcon; or a category you "
                                            + "made (antrain-log exercise category list). Give it again for more: --category "
                                            + "barbell --category Push.", valueName: "category"))
    var category: [String] = []

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

    /// The categories typed: at most one of the library's own, and the categories a person
    /// made (named as `exercise category list` shows them); nil where none of that sort was typed.
    func categories(in library: Library) throws -> (builtIn: ExerciseCategory?, own: [UUID]?) {
        var builtIn: ExerciseCategory?, own: [UUID] = []
        for typed in category {
            let wanted = typed.trimmingCharacters(in: .whitespaces).lowercased()
            if let match = ExerciseCategory.allCases.first(where: { $0.rawValue.lowercased() == wanted }) {
                guard builtIn == nil || builtIn == match else {
                    throw ValidationError("An exercise has one of the library's categories: --category \(builtIn!.rawValue) and "
                        + "--category \(match.rawValue) were both given.")
                }
                builtIn = match
            } else if let made = try library.category(named: typed) {
                if !own.contains(made.id) { own.append(made.id) }
            } else {
                let made = try library.allCategories().map { "\"\($0.name)\"" }
                let allowed = ExerciseCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure(message: "--category \"\(typed)\" is not a category of the library",
                                     fix: "use \(allowed)" + (made.isEmpty ? "" : ", or one of the categories (exercise category list): " + made.joined(separator: ", "))
                                         + "; make a new one with antrain-log exercise category add NAME",
                                     status: .rejectedInput)
            }
        }
        return (builtIn, own.isEmpty ? nil : own)
    }

    /// `definition` with the fields given replaced; categories a person made, when any are
    /// given, replace those it had.
    func applied(to definition: ExerciseDefinition, in library: Library) throws -> ExerciseDefinition {
        var result = definition
        let (builtIn, own) = try categories(in: library)
        if let builtIn { result.category = builtIn }
        if let own { result.categoryIDs = own }
        if let kind { result.kind = kind }
        if let equipment { result.equipment = equipment }
        if let groups = try muscleGroups() { result.muscleGroups = groups }
        if let description { result.description = description.isEmpty ? nil : description }
        if let video { result.youTubeURL = video.isEmpty ? nil : video }
        return result
    }

    /// The kind a category implies when none is given, as the presets of that category are
    /// mostly measured: a bodyweight exercise by reps of the body's weight (a load may be
    /// added), a cardio one by its time (every session has one; a distance needs --kind
    /// distance); the rest by weight and reps.
    static func kind(for category: ExerciseCategory) -> ExerciseKind {
        switch category {
        case .bodyweight: return .bodyweight
        case .cardio: return .time
        case .barbell, .dumbbell, .machine, .cable, .metcon: return .weightAndReps
        }
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
