import AntrainEvents
import Foundation
import OrderedCollections

/// The library as it stands: exercises, exercise categories, foods, templates and programs,
/// each created, edited, deleted, preset or custom, with food favourites and the templates
/// each program uses.
///
/// Deleted items are kept, marked `isDeleted`, so that a workout or diary entry that names
/// one can still show its name; lists and name lookups leave them out unless asked. Where
/// an item came from: exercises, foods and programs say `isPreset` in their creating event;
/// categories and templates have no such field, so they count as presets when their
/// creating event has the id the library seeder gives presets
/// (`UUID.stable("preset", eventType, stream)`, see docs/EVENTS.md, "LegacyLibrary seeding").
///
/// ```swift
/// let library = try await ProjectionRunner.state(of: LegacyLibrary.self, in: log, asOf: .offset(.max))
/// if library.exercise(named: typed) == nil {
///     print("did you mean", library.closestNames(to: typed, among: .exercise).map(\.name))
/// }
/// ```
public struct LegacyLibrary: ReadModel, Equatable {
    /// The checkpoint's name.
    public static let name = "library"
    /// Raised whenever `visit` logic or the encoded shape changes.
    public static let version = 1

    /// Every item ever created, by id, in creation order.
    var exercises: OrderedDictionary<UUID, LibraryExercise> = [:]
    var categories: OrderedDictionary<UUID, LibraryCategory> = [:]
    var foods: OrderedDictionary<UUID, LibraryFood> = [:]
    var templates: OrderedDictionary<UUID, LibraryTemplate> = [:]
    var programs: OrderedDictionary<UUID, LibraryProgram> = [:]

    /// An empty library.
    public init() {}

    // MARK: Exercises and categories

    /// Adds the exercise.
    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        exercises[event.exerciseID] = LibraryExercise(id: event.exerciseID, definition: event.definition,
                                                      isPreset: event.isPreset)
    }

    /// Replaces the exercise's definition; where it came from stays.
    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        exercises[event.exerciseID]?.definition = event.definition
    }

    /// Marks the exercise deleted.
    public mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        exercises[event.exerciseID]?.isDeleted = true
    }

    /// Adds the category.
    public mutating func visit(_ event: ExerciseCategoryCreated, _ stored: EventMetadata) {
        categories[event.categoryID] = LibraryCategory(id: event.categoryID, name: event.name,
                                                       isPreset: Self.isSeeded(event, stored))
    }

    /// Renames the category.
    public mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: EventMetadata) {
        categories[event.categoryID]?.name = event.name
    }

    /// Marks the category deleted; its exercises stay.
    public mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: EventMetadata) {
        categories[event.categoryID]?.isDeleted = true
    }

    // MARK: Foods

    /// Adds the food.
    public mutating func visit(_ event: FoodItemCreated, _ stored: EventMetadata) {
        foods[event.foodID] = LibraryFood(id: event.foodID, definition: event.definition, isPreset: event.isPreset)
    }

    /// Replaces the food's definition.
    public mutating func visit(_ event: FoodItemUpdated, _ stored: EventMetadata) {
        foods[event.foodID]?.definition = event.definition
    }

    /// Marks the food deleted.
    public mutating func visit(_ event: FoodItemDeleted, _ stored: EventMetadata) {
        foods[event.foodID]?.isDeleted = true
    }

    /// Marks or unmarks the food as a favourite.
    public mutating func visit(_ event: FoodFavourited, _ stored: EventMetadata) {
        foods[event.foodID]?.isFavourite = event.isFavourite
    }

    // MARK: Templates and programs

    /// Adds the template.
    public mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {
        templates[event.templateID] = LibraryTemplate(id: event.templateID, name: event.name, notes: event.notes,
                                                      items: event.items, isPreset: Self.isSeeded(event, stored))
    }

    /// Replaces the template's name, notes and items.
    public mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {
        guard let index = templates.index(forKey: event.templateID) else { return }
        templates.values[index].name = event.name
        templates.values[index].notes = event.notes
        templates.values[index].items = event.items
    }

    /// Marks the template deleted.
    public mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) {
        templates[event.templateID]?.isDeleted = true
    }

    /// Adds the program.
    public mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) {
        programs[event.programID] = LibraryProgram(id: event.programID, definition: event.definition,
                                                   isPreset: event.isPreset)
    }

    /// Replaces the program's definition.
    public mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {
        programs[event.programID]?.definition = event.definition
    }

    /// Adds the copy, a custom program of its own.
    public mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) {
        programs[event.newProgramID] = LibraryProgram(id: event.newProgramID, definition: event.definition,
                                                      isPreset: false, copiedFrom: event.sourceProgramID)
    }

    /// Marks the program deleted.
    public mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) {
        programs[event.programID]?.isDeleted = true
    }

    /// Whether the record was appended by the library seeder, which gives each preset event
    /// a stable id. Called only for the rare creating events of categories and templates.
    private static func isSeeded<Event: DomainEvent>(_ event: Event, _ stored: EventMetadata) -> Bool {
        stored.eventID == UUID.stable("preset", Event.eventType, stored.streamID)
    }
}
