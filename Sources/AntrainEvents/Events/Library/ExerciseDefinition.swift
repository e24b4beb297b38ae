import Foundation

/// Everything that defines an exercise of the library, stated in full by ``ExerciseCreated``
/// and again by every ``ExerciseUpdated``, so that one event tells what the exercise is.
public struct ExerciseDefinition: Codable, Sendable, Hashable {
    /// The name shown, 1 to 100 characters after trimming ("Barbell Back Squat").
    public var name: String
    /// The built-in category it is listed under.
    public var category: ExerciseCategory
    /// How its sets are measured.
    public var kind: ExerciseKind
    /// What it is done with.
    public var equipment: Equipment
    /// The muscle groups it trains, main ones first; at least one, none repeated.
    public var muscleGroups: [MuscleGroup]
    /// The user-defined categories it belongs to (see ``ExerciseCategoryCreated``), at most 20, none repeated.
    public var categoryIDs: [UUID]
    /// How to perform it, at most 1000 characters.
    public var description: String?
    /// A demonstration video: `youtube.com/watch?v=ID` or `youtu.be/ID` (see ``Validator/youTubeLink(_:_:)``).
    public var youTubeURL: String?

    /// An exercise's definition.
    public init(name: String, category: ExerciseCategory, kind: ExerciseKind = .weightAndReps, equipment: Equipment,
                muscleGroups: [MuscleGroup], categoryIDs: [UUID] = [], description: String? = nil, youTubeURL: String? = nil) {
        self.name = name
        self.category = category
        self.kind = kind
        self.equipment = equipment
        self.muscleGroups = muscleGroups
        self.categoryIDs = categoryIDs
        self.description = description
        self.youTubeURL = youTubeURL
    }
}

extension ExerciseDefinition: Validatable {
    public func validate(into validator: inout Validator) {
        validator.name(name, "name", maxLength: LibraryLimits.name)
        validator.count(muscleGroups.count, "muscleGroups", 1...MuscleGroup.allCases.count, of: "muscle groups")
        validator.distinct(muscleGroups, "muscleGroups")
        validator.count(categoryIDs.count, "categoryIDs", LibraryLimits.categories, of: "categories")
        validator.distinct(categoryIDs, "categoryIDs")
        validator.text(description, "description", maxLength: LibraryLimits.description)
        validator.youTubeLink(youTubeURL, "youTubeURL")
    }
}
