import AntrainEvents
import AntrainLog
import Foundation

/// What `exercise list` asks of the library: each field given narrows the list, each one
/// left nil lets every exercise through.
public struct ExerciseFilter: Sendable, Equatable {
    /// The library's own category (barbell, dumbbell, ... metcon).
    public var category: ExerciseCategory?
    /// A user-defined category the exercise belongs to.
    public var categoryID: UUID?
    /// A muscle group the exercise trains (main or not); `core` and `legs` take in their muscles.
    public var muscle: MuscleGroup?
    /// What it is done with.
    public var equipment: Equipment?
    /// How its sets are measured.
    public var kind: ExerciseKind?
    /// Words its name must hold, in any order and case (see `NameMatching/containsWords(_:in:)`).
    public var search: String?

    /// A filter of the fields given.
    public init(category: ExerciseCategory? = nil, categoryID: UUID? = nil, muscle: MuscleGroup? = nil, equipment: Equipment? = nil,
                kind: ExerciseKind? = nil, search: String? = nil) {
        self.category = category
        self.categoryID = categoryID
        self.muscle = muscle
        self.equipment = equipment
        self.kind = kind
        self.search = search
    }

    /// Whether `exercise` passes every field given.
    public func matches(_ exercise: LibraryExercise) -> Bool {
        let definition = exercise.definition
        if let category, definition.category != category { return false }
        if let categoryID, !definition.categoryIDs.contains(categoryID) { return false }
        if let muscle, !muscle.isTrained(byAnyOf: definition.muscleGroups) { return false }
        if let equipment, definition.equipment != equipment { return false }
        if let kind, definition.kind != kind { return false }
        if let search, !NameMatching.containsWords(search, in: definition.name) { return false }
        return true
    }
}

extension Library {
    /// The exercises (not deleted) that pass `filter`, in creation order.
    ///
    /// The library's exercises are read as one list (a few hundred rows at most: the presets
    /// and what a person adds), then filtered; no filter reads more than that one kind.
    public func exercises(matching filter: ExerciseFilter) throws -> [LibraryExercise] {
        try allExercises().filter(filter.matches)
    }

    /// The foods (not deleted) whose name or brand holds every word of `search` (any order and
    /// case; all foods when nil), only the favourites when `favouritesOnly`, in creation order.
    ///
    /// The favourites are read by their index, the rest as one list of the library's foods.
    public func foods(matching search: String?, favouritesOnly: Bool = false) throws -> [LibraryFood] {
        let candidates = favouritesOnly ? try favouriteFoods() : try allFoods()
        guard let search else { return candidates }
        return candidates.filter { food in
            NameMatching.containsWords(search, in: food.name + " " + (food.definition.brand ?? ""))
        }
    }

    /// The templates (not deleted) whose name holds every word of `search` (all when nil), in
    /// creation order: one list of the library's templates.
    public func templates(matching search: String?) throws -> [LibraryTemplate] {
        let all = try allTemplates()
        guard let search else { return all }
        return all.filter { NameMatching.containsWords(search, in: $0.name) }
    }
}

extension NameMatching {
    /// Whether every word of `typed` begins a word of `name`, ignoring case, accents typed
    /// either way, punctuation, hyphens, apostrophes, order and a plural's "s": "press bench"
    /// finds "Barbell Bench Press", "oats" finds "Rolled oats", "dips" finds "Dip", "pull up"
    /// finds "Pull-Up", "farmers" finds "Farmer's Carry". Text with no words matches every name.
    static func containsWords(_ typed: String, in name: String) -> Bool {
        let named = words(name)
        return words(typed).allSatisfy { word in
            let forms = singularForms(of: word)
            return named.contains { candidate in forms.contains { candidate.hasPrefix($0) } }
        }
    }

    /// Of `items`, those whose name holds every word of `typed` (``containsWords(_:in:)``),
    /// fewest extra words first, then by name; each suggestion's distance is the number of
    /// the name's words beyond the typed ones. None when `typed` has no words.
    package static func holdingWords(of typed: String, among items: [(id: UUID, name: String)]) -> [NameSuggestion] {
        let typedWords = words(typed).count
        guard typedWords > 0 else { return [] }
        let hits = items.filter { containsWords(typed, in: $0.name) }.map {
            NameSuggestion(id: $0.id, name: $0.name, distance: max(0, words($0.name).count - typedWords))
        }
        return hits.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
    }

    /// The words of `text` in the form names are compared in (``key(_:)``): split at white
    /// space, punctuation and hyphens ("Close-Grip" is "close" and "grip"), with apostrophes
    /// dropped ("Farmer's" is "farmers").
    static func words(_ text: String) -> [String] {
        key(text).filter { $0 != "'" && $0 != "\u{2019}" }
            .split { $0.isWhitespace || $0.isPunctuation || $0.isSymbol }
            .map(String.init)
    }

    /// `word` and the forms it has without a plural ending ("dips": "dip"; "boxes": "boxe",
    /// "box"), each of which may begin a name's word.
    private static func singularForms(of word: String) -> [String] {
        var forms = [word]
        if word.count > 2, word.hasSuffix("s") { forms.append(String(word.dropLast())) }
        if word.count > 3, word.hasSuffix("es") { forms.append(String(word.dropLast(2))) }
        return forms
    }
}
