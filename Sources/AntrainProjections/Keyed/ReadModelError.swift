/// Why a store refuses the read models it is given (`ProjectionStore(logDirectory:readModels:)`
/// with models of an app's own): each would share or break the state of another.
///
/// Every model of a log's state lives in one SQLite file, beside the standard models
/// `antrain-log` keeps there (``StandardModels``), each in tables named after it and with its
/// position stored under its name. So a name must be one of its own, and every table and
/// index its keyspaces make must be too.
public enum ReadModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model's name is not lower-case letters and digits in words joined by dashes,
    /// starting with a letter.
    case invalidName(String)
    /// The name is a standard model's (or one of their earlier names, which `rebuild` still
    /// takes), or one the state's own tables use (`state`, `sqlite`).
    case reservedName(String)
    /// Two models of the list have this name.
    case duplicateName(String)
    /// A keyspace of the model is not one it can keep, and why.
    case invalidKeyspace(model: String, keyspace: String, reason: String)
    /// Two keyspaces (or their indexes) would make tables or indexes of this name: their
    /// names joined with `_`, dashes made underscores, coincide.
    case sharedTable(String, keyspaces: [String])

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case let .invalidName(name):
            "\"\(name)\" is not a read model's name: lower-case letters and digits, words joined by dashes, starting with a letter"
        case let .reservedName(name):
            "\"\(name)\" is taken: the standard read models (and the state's own tables) use it"
        case let .duplicateName(name):
            "two read models are named \"\(name)\""
        case let .invalidKeyspace(model, keyspace, reason):
            "read model \"\(model)\": keyspace \"\(keyspace)\" \(reason)"
        case let .sharedTable(table, keyspaces):
            "keyspaces \(keyspaces.joined(separator: " and ")) would share the table or index \"\(table)\""
        }
    }
}
