import AntrainEvents
import AntrainProjections
import Foundation

/// Finds exercises, foods, templates and programs by name (ignoring case and surrounding
/// space) or by id, in the library the recorder checks commands against (caught up in the
/// same store), so that the item found is the one the rules then see.
///
/// A name reads the library's rows of that name; a miss is refused (exit 65) with the
/// closest names of the library ("did you mean").
struct LibraryNames {
    let library: Library

    /// A found item: its id and its name as the library spells it.
    struct Found {
        var id: UUID
        var name: String
    }

    func exercise(_ typed: String) async throws -> Found {
        try find(typed, .exercise, byID: { try library.exercise(id: $0) }, byName: { try library.exercise(named: $0) })
    }

    func category(_ typed: String) async throws -> Found {
        try find(typed, .category, byID: { try library.category(id: $0) }, byName: { try library.category(named: $0) })
    }

    func food(_ typed: String) async throws -> Found {
        try find(typed, .food, byID: { try library.food(id: $0) }, byName: { try library.food(named: $0) })
    }

    func template(_ typed: String) async throws -> Found {
        try find(typed, .template, byID: { try library.template(id: $0) }, byName: { try library.template(named: $0) })
    }

    func program(_ typed: String) async throws -> Found {
        try find(typed, .program, byID: { try library.program(id: $0) }, byName: { try library.program(named: $0) })
    }

    /// An id is taken as it is (the rules refuse an unknown or deleted one with their own
    /// message); a name must match an item that is not deleted, the first made winning.
    private func find<Item: LibraryItem>(_ typed: String, _ kind: LibraryItemKind, byID: (UUID) throws -> Item?,
                                         byName: (String) throws -> Item?) throws -> Found {
        if let id = UUID(uuidString: typed.trimmingCharacters(in: .whitespaces)) {
            return Found(id: id, name: try byID(id)?.name ?? id.uuidString)
        }
        if let hit = try byName(typed) {
            return Found(id: hit.id, name: hit.name)
        }
        let close = try library.suggestions(for: typed, among: kind).map { "\"\($0.name)\"" }
        if close.isEmpty {
            throw CommandFailure(message: "no \(kind.rawValue) is named \"\(typed)\", and no name is close to it",
                                 fix: Self.createHint(kind) + ", or check the spelling",
                                 status: ExitStatus.rejectedInput)
        }
        throw CommandFailure(message: "no \(kind.rawValue) is named \"\(typed)\"; did you mean \(close.joined(separator: ", "))?",
                             fix: "use the name as the library spells it (any case), or the \(kind.rawValue)'s id",
                             status: ExitStatus.rejectedInput)
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
