import AntrainEvents
import Foundation

/// What every kind of library item has: an id, a name, and whether it was deleted.
public protocol LibraryItem: Sendable, Codable, Equatable {
    /// The item's id.
    var id: UUID { get }
    /// The name shown.
    var name: String { get }
    /// Whether the user deleted it (it is kept so that history can still name it).
    var isDeleted: Bool { get }
}

/// The kinds of item the library holds, for name lookups and suggestions.
public enum LibraryItemKind: String, Sendable, Codable, CaseIterable {
    /// Exercises.
    case exercise
    /// User-defined exercise categories.
    case category
    /// Foods.
    case food
    /// Workout templates.
    case template
    /// Training programs.
    case program
}

/// An exercise of the library as it stands.
public struct LibraryExercise: LibraryItem {
    /// The exercise's id.
    public var id: UUID
    /// Its definition, as of the latest `ExerciseCreated` or `ExerciseUpdated`.
    public var definition: ExerciseDefinition
    /// Whether it ships with the app.
    public var isPreset: Bool
    /// Whether the user deleted it.
    public var isDeleted = false

    /// The name shown.
    public var name: String { definition.name }
}

/// A user-defined exercise category as it stands.
public struct LibraryCategory: LibraryItem {
    /// The category's id.
    public var id: UUID
    /// Its name, as of the latest rename.
    public var name: String
    /// Whether it was seeded from the presets (its creating event has the seeder's id).
    public var isPreset: Bool
    /// Whether the user deleted it.
    public var isDeleted = false
}

/// A food of the library as it stands.
public struct LibraryFood: LibraryItem {
    /// The food's id.
    public var id: UUID
    /// Its definition, as of the latest `FoodItemCreated` or `FoodItemUpdated`.
    public var definition: FoodDefinition
    /// Whether it ships with the app.
    public var isPreset: Bool
    /// Whether the user marked it a favourite (foods are the only favourites there are).
    public var isFavourite = false
    /// Whether the user deleted it.
    public var isDeleted = false

    /// The name shown.
    public var name: String { definition.name }
}

/// A workout template as it stands.
public struct LibraryTemplate: LibraryItem {
    /// The template's id.
    public var id: UUID
    /// Its name.
    public var name: String
    /// Its notes, if any.
    public var notes: String?
    /// Its exercises and breaks, in order.
    public var items: [TemplateItem]
    /// Whether it was seeded from the presets (its creating event has the seeder's id).
    public var isPreset: Bool
    /// Whether the user deleted it.
    public var isDeleted = false

    /// The exercises it uses, in order of first appearance, each once.
    public var exerciseIDs: [UUID] { distinct(items.compactMap(\.exerciseID)) }
}

/// A training program as it stands.
public struct LibraryProgram: LibraryItem {
    /// The program's id.
    public var id: UUID
    /// Its definition, as of the latest `ProgramCreated`, `ProgramUpdated` or `ProgramDuplicated`.
    public var definition: ProgramDefinition
    /// Whether it ships with the app (a copy never does).
    public var isPreset: Bool
    /// The program it was copied from, for a copy made by `ProgramDuplicated`.
    public var copiedFrom: UUID?
    /// Whether the user deleted it.
    public var isDeleted = false

    /// The name shown.
    public var name: String { definition.name }

    /// The templates its days use, in order of first appearance (week by week, day by day),
    /// each once.
    public var templateIDs: [UUID] {
        distinct(definition.weeks.flatMap { week in week.days.compactMap(\.templateID) })
    }
}

/// A name suggested for a name that matched nothing: "did you mean …?".
public struct NameSuggestion: Sendable, Codable, Equatable {
    /// The item suggested.
    public var id: UUID
    /// Its name.
    public var name: String
    /// The edit distance between the lower-cased names (0 when the typed name is part of it).
    public var distance: Int
}

/// The ids in their first-seen order, each once.
private func distinct(_ ids: [UUID]) -> [UUID] {
    var seen: Set<UUID> = []
    return ids.filter { seen.insert($0).inserted }
}
