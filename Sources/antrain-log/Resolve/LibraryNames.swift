import AntrainEvents
import AntrainProjections
import Foundation

/// Finds exercises, foods, templates and programs by name (ignoring case and surrounding
/// space) or by id, in the state the recorder checks commands against, so that the item
/// found is the one the rules then see.
///
/// A miss is refused (exit 65) with the closest names of the library ("did you mean"); the
/// library is only read then, since a hit needs nothing but the command state.
struct LibraryNames {
    let state: LegacyCommandState
    /// Reads the library read model, for suggestions.
    let library: () async throws -> Library

    /// A found item: its id and its name as the library spells it.
    struct Found {
        var id: UUID
        var name: String
    }

    func exercise(_ typed: String) async throws -> Found {
        try await find(typed, .exercise, state.exercises.map { ($0.key, $0.value.name, $0.value.isDeleted) })
    }

    func food(_ typed: String) async throws -> Found {
        try await find(typed, .food, state.foods.map { ($0.key, $0.value.definition.name, $0.value.isDeleted) })
    }

    func template(_ typed: String) async throws -> Found {
        try await find(typed, .template, state.templates.map { ($0.key, $0.value.name, $0.value.isDeleted) })
    }

    func program(_ typed: String) async throws -> Found {
        try await find(typed, .program, state.programs.map { ($0.key, $0.value.definition.name, $0.value.isDeleted) })
    }

    /// An id is taken as it is (the rules refuse an unknown or deleted one with their own
    /// message); a name must match an item that is not deleted, the first made winning.
    private func find(_ typed: String, _ kind: LibraryItemKind, _ items: [(UUID, String, Bool)]) async throws -> Found {
        if let id = UUID(uuidString: typed.trimmingCharacters(in: .whitespaces)) {
            return Found(id: id, name: items.first { $0.0 == id }?.1 ?? id.uuidString)
        }
        let wanted = Self.normalized(typed)
        if let hit = items.first(where: { !$0.2 && Self.normalized($0.1) == wanted }) {
            return Found(id: hit.0, name: hit.1)
        }
        let close = try await library().suggestions(for: typed, among: kind).map { "\"\($0.name)\"" }
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
        case .category: return "create the category first"
        }
    }

    private static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
