import AntrainEvents
import Foundation

/// The library as it stands: exercises, exercise categories, foods, templates and programs,
/// each created, edited, deleted, preset or custom, with food favourites and the templates
/// each program uses, read from the keys a question needs.
///
/// ```swift
/// let report = try await ProjectionStore(logDirectory: path, models: Library.models).catchUp(log)
/// let library = Library(report.store)
/// if try library.exercise(named: typed) == nil {
///     print("did you mean", try library.closestNames(to: typed, among: .exercise).map(\.name))
/// }
/// ```
///
/// Deleted items are kept, marked `isDeleted`, so that a workout or diary entry that names one
/// can still show its name; lists and name lookups leave them out unless asked. Lists are in
/// the order the items were first created. Where an item came from: exercises, foods and
/// programs say `isPreset` in their creating event; categories and templates have no such
/// field, so they count as presets when their creating event has the id the library seeder
/// gives presets (`UUID.stable("preset", eventType, stream)`, see docs/EVENTS.md, "Library seeding").
///
/// A lookup by id reads one key; a lookup by name reads the rows of that name (by the indexed
/// `name_key` column); lists and "did you mean" read one kind of item.
public struct Library: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [LibraryProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    // MARK: Lists

    /// The exercises, in creation order; deleted ones only when asked.
    public func allExercises(includingDeleted: Bool = false) throws -> [LibraryExercise] {
        try list(LibraryExercise.self, includingDeleted)
    }

    /// The user-defined exercise categories, in creation order; deleted ones only when asked.
    public func allCategories(includingDeleted: Bool = false) throws -> [LibraryCategory] {
        try list(LibraryCategory.self, includingDeleted)
    }

    /// The foods, in creation order; deleted ones only when asked.
    public func allFoods(includingDeleted: Bool = false) throws -> [LibraryFood] { try list(LibraryFood.self, includingDeleted) }

    /// The templates, in creation order; deleted ones only when asked.
    public func allTemplates(includingDeleted: Bool = false) throws -> [LibraryTemplate] {
        try list(LibraryTemplate.self, includingDeleted)
    }

    /// The programs, in creation order; deleted ones only when asked.
    public func allPrograms(includingDeleted: Bool = false) throws -> [LibraryProgram] {
        try list(LibraryProgram.self, includingDeleted)
    }

    /// The foods marked as favourites that are not deleted, in creation order.
    public func favouriteFoods() throws -> [LibraryFood] {
        let keyspace = LibraryProjection.foods
        return try entries(LibraryFood.self) { state in
            try state.entries(in: keyspace, by: keyspace.index("favourites"), from: .integer(1), through: .integer(1),
                              descending: false, limit: nil)
        }.filter { $0.isFavourite && !$0.isDeleted }
    }

    /// The exercises (not deleted) that belong to the user-defined category `categoryID`, in
    /// creation order.
    public func exercises(inCategory categoryID: UUID) throws -> [LibraryExercise] {
        try allExercises().filter { $0.definition.categoryIDs.contains(categoryID) }
    }

    // MARK: Program and template links

    /// The templates (not deleted) that the program's days use, in order of first use.
    public func templates(usedBy programID: UUID) throws -> [LibraryTemplate] {
        guard let program = try program(id: programID) else { return [] }
        return try program.templateIDs.compactMap { id in try template(id: id).flatMap { $0.isDeleted ? nil : $0 } }
    }

    /// The programs (not deleted) that have a day using the template, in creation order.
    public func programs(using templateID: UUID) throws -> [LibraryProgram] {
        try allPrograms().filter { $0.templateIDs.contains(templateID) }
    }

    // MARK: By id, deleted or not

    /// The exercise with this id, deleted or not.
    public func exercise(id: UUID) throws -> LibraryExercise? { try item(LibraryExercise.self, id: id) }
    /// The category with this id, deleted or not.
    public func category(id: UUID) throws -> LibraryCategory? { try item(LibraryCategory.self, id: id) }
    /// The food with this id, deleted or not.
    public func food(id: UUID) throws -> LibraryFood? { try item(LibraryFood.self, id: id) }
    /// The template with this id, deleted or not.
    public func template(id: UUID) throws -> LibraryTemplate? { try item(LibraryTemplate.self, id: id) }
    /// The program with this id, deleted or not.
    public func program(id: UUID) throws -> LibraryProgram? { try item(LibraryProgram.self, id: id) }

    // MARK: By name, deleted left out

    /// The first exercise (in creation order, not deleted) with this name, ignoring case and
    /// surrounding white space.
    public func exercise(named name: String) throws -> LibraryExercise? { try first(LibraryExercise.self, named: name) }
    /// The first category (not deleted) with this name, ignoring case and surrounding white space.
    public func category(named name: String) throws -> LibraryCategory? { try first(LibraryCategory.self, named: name) }
    /// The first food (not deleted) with this name, ignoring case and surrounding white space.
    public func food(named name: String) throws -> LibraryFood? { try first(LibraryFood.self, named: name) }
    /// The first template (not deleted) with this name, ignoring case and surrounding white space.
    public func template(named name: String) throws -> LibraryTemplate? { try first(LibraryTemplate.self, named: name) }
    /// The first program (not deleted) with this name, ignoring case and surrounding white space.
    public func program(named name: String) throws -> LibraryProgram? { try first(LibraryProgram.self, named: name) }

    /// Every program (not deleted) with this name, ignoring case and surrounding white space,
    /// in creation order: the rows of that name key alone (program names are meant to be
    /// unique, and the command rules check it).
    public func programs(named name: String) throws -> [LibraryProgram] {
        let keyspace = LibraryProgram.keyspace
        let wanted = StateColumnValue.text(NameMatching.key(name))
        return try entries(LibraryProgram.self) { state in
            try state.entries(in: keyspace, by: keyspace.index("by_name"), from: wanted, through: wanted, descending: false, limit: nil)
        }.filter { !$0.isDeleted }
    }

    /// Names of items of `kind` (not deleted) close to `typed`, closest first, for a "did you
    /// mean" when a name matched nothing.
    ///
    /// Names are compared lower-cased and trimmed. A name is close when it contains the typed
    /// text (distance 0, so "bench" finds "Barbell Bench Press"), or when its edit distance to
    /// it is at most a third of the typed length, and at least 2 (so "benhc pres" finds "Bench
    /// Press"). Ties are ordered by name. Only the names are decoded, not the definitions.
    public func closestNames(to typed: String, among kind: LibraryItemKind, limit: Int = 5) throws -> [NameSuggestion] {
        NameMatching.closest(to: typed, among: try liveNames(of: kind), limit: limit)
    }

    /// Items of `kind` (not deleted) whose name holds every word typed, as people type names
    /// (`NameMatching/containsWords(_:in:)`: "bench press" finds "Barbell Bench Press",
    /// "dips" finds "Dip"), fewest extra words first, then by name. Each suggestion's
    /// distance is the number of the name's words beyond the typed ones.
    public func namesHoldingWords(of typed: String, among kind: LibraryItemKind) throws -> [NameSuggestion] {
        NameMatching.holdingWords(of: typed, among: try liveNames(of: kind))
    }

    /// The ids and names of the items of `kind` not deleted, in creation order; only the names
    /// are decoded, not the definitions.
    public func liveNames(of kind: LibraryItemKind) throws -> [(id: UUID, name: String)] {
        let keyspace = LibraryProjection.keyspace(of: kind)
        return try store.read { state in
            try state.entries(in: keyspace, by: keyspace.index("by_created"), from: nil, through: nil, descending: false, limit: nil)
                .compactMap { entry -> (id: UUID, name: String)? in
                    let header = try LibraryEntryHeader.decoded(entry.value, in: keyspace)
                    guard !header.flags.contains(.deleted), let id = UUID(keyBytes: entry.key) else { return nil }
                    return (id, header.name)
                }
        }
    }

    // MARK: Helpers

    /// Every item of a kind in creation order, deleted ones when asked.
    private func list<Item: LibraryStateItem>(_: Item.Type, _ includingDeleted: Bool) throws -> [Item] {
        let keyspace = Item.keyspace
        let items = try entries(Item.self) { state in
            try state.entries(in: keyspace, by: keyspace.index("by_created"), from: nil, through: nil, descending: false, limit: nil)
        }
        return includingDeleted ? items : items.filter { !$0.isDeleted }
    }

    /// The item stored under `id`: one key read.
    private func item<Item: LibraryStateItem>(_: Item.Type, id: UUID) throws -> Item? {
        let key = id.keyBytes
        return try store.read { state in
            try state.value(in: Item.keyspace, key: key).map { try LibraryEntry<Item>.decoded(StateEntry(key: key, value: $0)).item }
        }
    }

    /// The first item in creation order, not deleted, with the name `name` (compared as
    /// ``NameMatching/key(_:)``): the rows of that name key alone, by the `by_name` index.
    private func first<Item: LibraryStateItem>(_: Item.Type, named name: String) throws -> Item? {
        let keyspace = Item.keyspace
        let wanted = StateColumnValue.text(NameMatching.key(name))
        return try entries(Item.self) { state in
            try state.entries(in: keyspace, by: keyspace.index("by_name"), from: wanted, through: wanted, descending: false, limit: nil)
        }.first { !$0.isDeleted }
    }

    /// The items of the entries `read` returns, in its order, with their ids.
    private func entries<Item: LibraryStateItem>(_: Item.Type, _ read: (any KeyedStateReading) throws -> [StateEntry]) throws -> [Item] {
        try store.read { state in try read(state).map { try LibraryEntry<Item>.decoded($0).item } }
    }
}
