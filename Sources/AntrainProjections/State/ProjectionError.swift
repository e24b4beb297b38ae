/// An error of the read models' runtime that is not the store's or the log's.
public enum ProjectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No read model of that name is kept.
    case unknownProjection(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownProjection(name, known):
            return "there is no read model \"\(name)\"; known: \(known.joined(separator: ", "))"
        }
    }
}
