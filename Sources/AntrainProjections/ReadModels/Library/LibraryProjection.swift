import AntrainEvents
import Foundation

/// Folds the library's events into one key per item: exercises, categories, foods, templates
/// and programs, each kind in a keyspace of its own, keyed by the item's id.
///
/// An event touches only the item it names. Each entry remembers the offset of the event
/// that first created it, which orders the lists (the order the items were first defined);
/// a second creating event for the same id replaces the item but keeps that place. Events for
/// an item never created change nothing. ``Library`` answers from the keys a question needs.
struct LibraryProjection: KeyedReadModel {
    static let name = "library"
    /// 3: programs keep their weeks' and days' notes, and the categories changed (2 was keyed
    /// by item in the state store; 1 a checkpointed memory image).
    static let version = 3
    /// Exercises; columns: created, name, name_key, preset, deleted, category, equipment, muscle_groups.
    static let exercises = LibraryEntry<LibraryExercise>.keyspace("exercises")
    /// User-defined exercise categories; columns: created, name, name_key, preset, deleted.
    static let categories = LibraryEntry<LibraryCategory>.keyspace("categories")
    /// Foods; columns: created, name, name_key, preset, deleted, favourite, brand, kcal_per_100g;
    /// the favourites in creation order by the index `favourites`.
    static let foods = LibraryEntry<LibraryFood>.keyspace("foods", extraIndexes: [StateIndex("favourites", ["favourite", "created"])])
    /// Templates; columns: created, name, name_key, preset, deleted, items.
    static let templates = LibraryEntry<LibraryTemplate>.keyspace("templates")
    /// Programs; columns: created, name, name_key, preset, deleted, weeks, copied_from.
    static let programs = LibraryEntry<LibraryProgram>.keyspace("programs")
    static let keyspaces = [exercises, categories, foods, templates, programs]
    static let handledEvents: [any DomainEvent.Type] = [
        ExerciseCreated.self, ExerciseUpdated.self, ExerciseDeleted.self, ExerciseCategoryCreated.self,
        ExerciseCategoryRenamed.self, ExerciseCategoryDeleted.self, FoodItemCreated.self, FoodItemUpdated.self,
        FoodItemDeleted.self, FoodFavourited.self, TemplateCreated.self, TemplateUpdated.self, TemplateDeleted.self,
        ProgramCreated.self, ProgramUpdated.self, ProgramDuplicated.self, ProgramDeleted.self
    ]

    /// The keyspace of items of `kind`.
    static func keyspace(of kind: LibraryItemKind) -> StateKeyspace {
        switch kind {
        case .exercise: exercises
        case .category: categories
        case .food: foods
        case .template: templates
        case .program: programs
        }
    }

    private var exercises: KeyedTable<LibraryEntry<LibraryExercise>>
    private var categories: KeyedTable<LibraryEntry<LibraryCategory>>
    private var foods: KeyedTable<LibraryEntry<LibraryFood>>
    private var templates: KeyedTable<LibraryEntry<LibraryTemplate>>
    private var programs: KeyedTable<LibraryEntry<LibraryProgram>>

    init(context: FoldContext) {
        exercises = KeyedTable(Self.exercises, context: context)
        categories = KeyedTable(Self.categories, context: context)
        foods = KeyedTable(Self.foods, context: context)
        templates = KeyedTable(Self.templates, context: context)
        programs = KeyedTable(Self.programs, context: context)
    }

    // MARK: Exercises and categories

    mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        Self.create(LibraryExercise(id: event.exerciseID, definition: event.definition, isPreset: event.isPreset), in: &exercises, stored)
    }

    mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        guard let slot = exercises.slot(of: event.exerciseID) else { return }
        exercises[slot].item.definition = event.definition
    }

    mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        guard let slot = exercises.slot(of: event.exerciseID) else { return }
        exercises[slot].item.isDeleted = true
    }

    mutating func visit(_ event: ExerciseCategoryCreated, _ stored: EventMetadata) {
        Self.create(LibraryCategory(id: event.categoryID, name: event.name, isPreset: Self.isSeeded(event, stored)), in: &categories, stored)
    }

    mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: EventMetadata) {
        guard let slot = categories.slot(of: event.categoryID) else { return }
        categories[slot].item.name = event.name
    }

    /// Its exercises keep naming it.
    mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: EventMetadata) {
        guard let slot = categories.slot(of: event.categoryID) else { return }
        categories[slot].item.isDeleted = true
    }

    // MARK: Foods

    mutating func visit(_ event: FoodItemCreated, _ stored: EventMetadata) {
        Self.create(LibraryFood(id: event.foodID, definition: event.definition, isPreset: event.isPreset), in: &foods, stored)
    }

    mutating func visit(_ event: FoodItemUpdated, _ stored: EventMetadata) {
        guard let slot = foods.slot(of: event.foodID) else { return }
        foods[slot].item.definition = event.definition
    }

    mutating func visit(_ event: FoodItemDeleted, _ stored: EventMetadata) {
        guard let slot = foods.slot(of: event.foodID) else { return }
        foods[slot].item.isDeleted = true
    }

    mutating func visit(_ event: FoodFavourited, _ stored: EventMetadata) {
        guard let slot = foods.slot(of: event.foodID) else { return }
        foods[slot].item.isFavourite = event.isFavourite
    }

    // MARK: Templates and programs

    mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {
        let template = LibraryTemplate(id: event.templateID, name: event.name, notes: event.notes, items: event.items,
                                       isPreset: Self.isSeeded(event, stored))
        Self.create(template, in: &templates, stored)
    }

    /// Replaces the name, notes and items; where it came from and whether it is deleted stay.
    mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {
        guard let slot = templates.slot(of: event.templateID) else { return }
        templates[slot].item.name = event.name
        templates[slot].item.notes = event.notes
        templates[slot].item.items = event.items
    }

    mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) {
        guard let slot = templates.slot(of: event.templateID) else { return }
        templates[slot].item.isDeleted = true
    }

    mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) {
        Self.create(LibraryProgram(id: event.programID, definition: event.definition, isPreset: event.isPreset), in: &programs, stored)
    }

    mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {
        guard let slot = programs.slot(of: event.programID) else { return }
        programs[slot].item.definition = event.definition
    }

    /// The copy is a custom program of its own.
    mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) {
        let copy = LibraryProgram(id: event.newProgramID, definition: event.definition, isPreset: false, copiedFrom: event.sourceProgramID)
        Self.create(copy, in: &programs, stored)
    }

    mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) {
        guard let slot = programs.slot(of: event.programID) else { return }
        programs[slot].item.isDeleted = true
    }

    // MARK: Writing back

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        exercises.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        categories.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        foods.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        templates.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        programs.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int {
        exercises.residentBytes + categories.residentBytes + foods.residentBytes + templates.residentBytes + programs.residentBytes
    }

    // MARK: Helpers

    /// Stores `item` as created by the event of `stored`. An id created again gets the new
    /// item (not deleted, not a favourite) but keeps its first place in the lists.
    private static func create<Item>(_ item: Item, in table: inout KeyedTable<LibraryEntry<Item>>, _ stored: EventMetadata) {
        let created = table.value(of: item.id)?.created ?? stored.offset
        table.set(item.id, LibraryEntry(created: created, item: item))
    }

    /// Whether the record was appended by the library seeder, which gives each preset event
    /// a stable id: categories and templates carry no preset flag of their own.
    private static func isSeeded<Event: DomainEvent>(_ event: Event, _ stored: EventMetadata) -> Bool {
        stored.eventID == UUID.stable("preset", Event.eventType, stored.streamID)
    }
}
