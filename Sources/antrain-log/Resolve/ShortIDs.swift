import Foundation

/// Ids of workouts and sets typed in full or shortened to their first characters (as
/// `git` takes commit hashes): `3F2A9C1B` names the one set whose id starts so.
enum ShortIDs {
    /// The shortest prefix accepted: fewer characters would match too often to be useful.
    static let minimumLength = 4

    /// The one id of `candidates` that `typed` names (case-insensitive, dashes optional).
    static func match(_ typed: String, among candidates: some Sequence<UUID>, what: String, fix: String) throws -> UUID {
        let wanted = try digits(typed, what: what, fix: fix)
        let hits = candidates.filter { begins($0, with: wanted) }
        switch hits.count {
        case 1: return hits[0]
        case 0: throw CommandFailure(message: "there is no \(what) \(typed)", fix: fix, status: .rejectedInput)
        default:
            let listed = hits.prefix(5).map(\.uuidString).joined(separator: ", ")
            throw CommandFailure(message: "\(typed) names \(hits.count) \(what)s (\(listed)); give more of the id",
                                 fix: "type more characters of the id", status: .rejectedInput)
        }
    }

    /// Whether `id` starts with `digits` (upper case, no dashes, as ``digits(_:what:fix:)`` gives them).
    static func begins(_ id: UUID, with digits: String) -> Bool {
        id.uuidString.replacingOccurrences(of: "-", with: "").hasPrefix(digits)
    }

    /// The hex digits `typed` gives (upper case, without dashes), refused (exit 64) when it is
    /// not an id or a prefix of at least ``minimumLength`` digits: checked before any lookup.
    static func digits(_ typed: String, what: String, fix: String) throws -> String {
        let wanted = typed.trimmingCharacters(in: .whitespaces).uppercased().replacingOccurrences(of: "-", with: "")
        guard wanted.count >= minimumLength, wanted.allSatisfy(\.isHexDigit) else {
            throw CommandFailure(message: "\"\(typed)\" is not a \(what) id: give the id, or at least its first \(minimumLength) characters",
                                 fix: fix, status: .validationFailure)
        }
        return wanted
    }
}
