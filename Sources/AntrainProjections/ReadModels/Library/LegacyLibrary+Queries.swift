import AntrainEvents
import Foundation
import OrderedCollections

extension LegacyLibrary {
    // MARK: Lists

    /// The exercises, in creation order; deleted ones only when asked.
    public func allExercises(includingDeleted: Bool = false) -> [LibraryExercise] {
        Self.list(exercises, includingDeleted)
    }

    /// The user-defined exercise categories, in creation order; deleted ones only when asked.
    public func allCategories(includingDeleted: Bool = false) -> [LibraryCategory] {
        Self.list(categories, includingDeleted)
    }

    /// The foods, in creation order; deleted ones only when asked.
    public func allFoods(includingDeleted: Bool = false) -> [LibraryFood] { Self.list(foods, includingDeleted) }

    /// The templates, in creation order; deleted ones only when asked.
    public func allTemplates(includingDeleted: Bool = false) -> [LibraryTemplate] {
        Self.list(templates, includingDeleted)
    }

    /// The programs, in creation order; deleted ones only when asked.
    public func allPrograms(includingDeleted: Bool = false) -> [LibraryProgram] {
        Self.list(programs, includingDeleted)
    }

    /// The foods marked as favourites that are not deleted, in creation order.
    public var favouriteFoods: [LibraryFood] { foods.values.filter { $0.isFavourite && !$0.isDeleted } }

    /// The exercises (not deleted) that belong to the user-defined category `categoryID`.
    public func exercises(inCategory categoryID: UUID) -> [LibraryExercise] {
        exercises.values.filter { !$0.isDeleted && $0.definition.categoryIDs.contains(categoryID) }
    }

    // MARK: Program and template links

    /// The templates (not deleted) that the program's days use, in order of first use.
    public func templates(usedBy programID: UUID) -> [LibraryTemplate] {
        guard let program = programs[programID] else { return [] }
        return program.templateIDs.compactMap { id in templates[id].flatMap { $0.isDeleted ? nil : $0 } }
    }

    /// The programs (not deleted) that have a day using the template, in creation order.
    public func programs(using templateID: UUID) -> [LibraryProgram] {
        programs.values.filter { !$0.isDeleted && $0.templateIDs.contains(templateID) }
    }

    // MARK: By id, deleted or not

    /// The exercise with this id, deleted or not.
    public func exercise(id: UUID) -> LibraryExercise? { exercises[id] }
    /// The category with this id, deleted or not.
    public func category(id: UUID) -> LibraryCategory? { categories[id] }
    /// The food with this id, deleted or not.
    public func food(id: UUID) -> LibraryFood? { foods[id] }
    /// The template with this id, deleted or not.
    public func template(id: UUID) -> LibraryTemplate? { templates[id] }
    /// The program with this id, deleted or not.
    public func program(id: UUID) -> LibraryProgram? { programs[id] }

    // MARK: By name, deleted left out

    /// The first exercise (in creation order, not deleted) with this name, ignoring case and
    /// surrounding white space.
    public func exercise(named name: String) -> LibraryExercise? { Self.first(in: exercises, named: name) }
    /// The first category (not deleted) with this name, ignoring case and surrounding white space.
    public func category(named name: String) -> LibraryCategory? { Self.first(in: categories, named: name) }
    /// The first food (not deleted) with this name, ignoring case and surrounding white space.
    public func food(named name: String) -> LibraryFood? { Self.first(in: foods, named: name) }
    /// The first template (not deleted) with this name, ignoring case and surrounding white space.
    public func template(named name: String) -> LibraryTemplate? { Self.first(in: templates, named: name) }
    /// The first program (not deleted) with this name, ignoring case and surrounding white space.
    public func program(named name: String) -> LibraryProgram? { Self.first(in: programs, named: name) }

    /// Names of items of `kind` (not deleted) close to `typed`, closest first, for a
    /// "did you mean" when a name matched nothing.
    ///
    /// Names are compared lower-cased and trimmed. A name is close when it contains the
    /// typed text (distance 0, so "bench" finds "Barbell Bench Press"), or when its edit
    /// distance to it is at most a third of the typed length, and at least 2 (so
    /// "benhc pres" finds "Bench Press"). Ties are ordered by name.
    public func closestNames(to typed: String, among kind: LibraryItemKind, limit: Int = 5) -> [NameSuggestion] {
        let items: [(id: UUID, name: String)] = switch kind {
        case .exercise: Self.live(exercises)
        case .category: Self.live(categories)
        case .food: Self.live(foods)
        case .template: Self.live(templates)
        case .program: Self.live(programs)
        }
        let wanted = Self.normalized(typed)
        guard !wanted.isEmpty else { return [] }
        let allowed = max(2, wanted.count / 3)
        var suggestions: [NameSuggestion] = []
        for item in items {
            let candidate = Self.normalized(item.name)
            // The edit distance is at least the difference in length: skip the table when
            // that alone is too far (a pasted paragraph against short names, say).
            guard candidate.contains(wanted) || abs(candidate.count - wanted.count) <= allowed else { continue }
            let distance = candidate.contains(wanted) ? 0 : Self.editDistance(wanted, candidate)
            guard distance <= allowed else { continue }
            suggestions.append(NameSuggestion(id: item.id, name: item.name, distance: distance))
        }
        suggestions.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return Array(suggestions.prefix(limit))
    }

    // MARK: Helpers

    private static func list<Item: LibraryItem>(_ items: OrderedDictionary<UUID, Item>, _ includingDeleted: Bool)
        -> [Item]
    {
        includingDeleted ? Array(items.values) : items.values.filter { !$0.isDeleted }
    }

    private static func live<Item: LibraryItem>(_ items: OrderedDictionary<UUID, Item>) -> [(id: UUID, name: String)] {
        items.values.filter { !$0.isDeleted }.map { ($0.id, $0.name) }
    }

    private static func first<Item: LibraryItem>(in items: OrderedDictionary<UUID, Item>, named name: String) -> Item? {
        let wanted = normalized(name)
        return items.values.first { !$0.isDeleted && normalized($0.name) == wanted }
    }

    /// Lower case, without surrounding white space: the form names are compared in.
    private static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
