import AntrainEvents
import AntrainProjections
import Foundation

/// Finds exercises, foods, templates and programs by name (ignoring case and surrounding
/// space) or by id, in the library the recorder checks commands against (caught up in the
/// same store), so that the item found is the one the rules then see.
///
/// A name reads the library's rows of that name, then the names holding every word typed;
/// a miss is refused (exit 65) with the closest names of the library ("did you mean"), and
/// several items holding the words are listed and refused.
struct LibraryNames {
    let library: Library

    /// A found item: its id and its name as the library spells it.
    struct Found {
        var id: UUID
        var name: String
    }

    func exercise(_ typed: String) async throws -> Found { try resolve(typed, .exercise) }

    func category(_ typed: String) async throws -> Found { try resolve(typed, .category) }

    func food(_ typed: String) async throws -> Found { try resolve(typed, .food) }

    func template(_ typed: String) async throws -> Found { try resolve(typed, .template) }

    func program(_ typed: String) async throws -> Found { try resolve(typed, .program) }

    /// The item of `kind` that `typed` names: an id is taken as it is (the rules refuse an
    /// unknown or deleted one with their own message); a name is the one item, not deleted,
    /// of that name in any case (the first made, when several share it), or else the one
    /// whose name holds every word typed ("bench press", "Dips"); for an exercise, each
    /// of these also with the abbreviations written out ("ohp", "db row"); or else the one whose id
    /// starts with what was typed (4 or more hex digits, any case). Several such items are
    /// listed and refused, never one picked silently; none gets the closest names.
    func resolve(_ typed: String, _ kind: LibraryItemKind) throws -> Found {
        if let id = UUID(uuidString: typed.trimmingCharacters(in: .whitespaces)) {
            return Found(id: id, name: try name(of: id, kind) ?? id.uuidString)
        }
        // An exercise's name is read as typed, then with lifters' abbreviations written out.
        let forms = [typed] + (kind == .exercise ? ExerciseAbbreviations.expanded(typed).map { [$0] } ?? [] : [])
        for form in forms { if let hit = try exactName(form, kind) { return hit } }
        var holding: [NameSuggestion] = []
        for form in forms where holding.isEmpty && typed.count <= 150 { holding = try library.namesHoldingWords(of: form, among: kind) }
        if holding.count == 1 { return Found(id: holding[0].id, name: holding[0].name) }
        if holding.count > 1 {
            let shown = holding.prefix(8).map { "\"\($0.name)\"" }.joined(separator: ", ")
            let more = holding.count > 8 ? " and \(holding.count - 8) more" : ""
            throw CommandFailure(message: "\"\(typed)\" matches \(holding.count) \(kind.rawValue)s: \(shown)\(more); which one?",
                                 fix: "give more of the name, or the name as the library spells it (any case), or the \(kind.rawValue)'s id",
                                 status: .rejectedInput)
        }
        if let byID = try idPrefix(typed, kind) { return byID }
        let close = try library.suggestions(for: typed, among: kind).map { "\"\($0.name)\"" }
        if close.isEmpty {
            throw CommandFailure(message: "no \(kind.rawValue) is named \"\(typed)\", and no name is close to it",
                                 fix: Self.createHint(kind) + ", or check the spelling",
                                 status: .rejectedInput)
        }
        throw CommandFailure(message: "no \(kind.rawValue) is named \"\(typed)\"; did you mean \(close.joined(separator: ", "))?",
                             fix: "use the name as the library spells it (any case), or the \(kind.rawValue)'s id",
                             status: .rejectedInput)
    }

    /// The exercise named exactly `typed` (any case), or `typed` with its abbreviations
    /// written out; nil when none is: for rules that let a plain name win before others.
    func exactExercise(_ typed: String) throws -> Found? {
        if let hit = try exactName(typed, .exercise) { return hit }
        return try ExerciseAbbreviations.expanded(typed).flatMap { try exactName($0, .exercise) }
    }

    /// The one item whose id starts with `typed`, when `typed` is at least
    /// ``ShortIDs/minimumLength`` hex digits and no name matched it; several are refused.
    private func idPrefix(_ typed: String, _ kind: LibraryItemKind) throws -> Found? {
        let digits = typed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "-", with: "").uppercased()
        guard digits.count >= ShortIDs.minimumLength, digits.count < 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        let hits = try library.liveNames(of: kind).filter { ShortIDs.begins($0.id, with: digits) }
        if hits.count == 1 { return Found(id: hits[0].id, name: hits[0].name) }
        guard hits.count > 1 else { return nil }
        let listed = hits.prefix(5).map { "\($0.id.uuidString) (\($0.name))" }.joined(separator: ", ")
        throw CommandFailure(message: "\(typed) begins the ids of \(hits.count) \(kind.rawValue)s: \(listed)",
                             fix: "type more characters of the id", status: .rejectedInput)
    }

    private func name(of id: UUID, _ kind: LibraryItemKind) throws -> String? {
        switch kind {
        case .exercise: return try library.exercise(id: id)?.name
        case .food: return try library.food(id: id)?.name
        case .template: return try library.template(id: id)?.name
        case .program: return try library.program(id: id)?.name
        case .category: return try library.category(id: id)?.name
        }
    }

    func exactName(_ typed: String, _ kind: LibraryItemKind) throws -> Found? {
        let item: (any LibraryItem)?
        switch kind {
        case .exercise: item = try library.exercise(named: typed)
        case .food: item = try library.food(named: typed)
        case .template: item = try library.template(named: typed)
        case .program: item = try library.program(named: typed)
        case .category: item = try library.category(named: typed)
        }
        return item.map { Found(id: $0.id, name: $0.name) }
    }

    /// The library's `item` for `found`, or a refusal (exit 65): an id is taken as typed, so
    /// the library may hold no item of `kind` with it.
    static func existing<Item>(_ item: Item?, _ found: Found, _ kind: LibraryItemKind) throws -> Item {
        guard let item else {
            throw CommandFailure(message: "there is no \(kind.rawValue) \(found.id.uuidString)", fix: "name the \(kind.rawValue), or check its id",
                                 status: .rejectedInput)
        }
        return item
    }

    private static func createHint(_ kind: LibraryItemKind) -> String {
        switch kind {
        case .exercise: return "create it with antrain-log exercise add NAME --muscles GROUP..."
        case .food: return "create it with antrain-log food add NAME --kcal N --protein N --carbs N --fat N"
        case .template: return "create it with antrain-log template add NAME --item 'EXERCISE=3x8'"
        case .program: return "create it with antrain-log program add NAME --day 1=TEMPLATE"
        case .category: return "create it with antrain-log exercise category add NAME (antrain-log exercise category list shows them)"
        }
    }
}
