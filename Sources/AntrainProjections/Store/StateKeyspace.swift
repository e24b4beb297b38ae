import AntrainEvents

/// One keyspace of a read model: a table of keys and values, with the columns of each value
/// that analysts and range reads use.
///
/// ```swift
/// static let workouts = StateKeyspace(projection: "training", name: "workouts",
///                                     columns: [.init("started_at", .integer), .init("status", .text)],
///                                     indexes: [.init("by_start", ["started_at"])])
/// ```
///
/// A value is opaque bytes (the read model's own compact form); the columns repeat the parts
/// of it that a query orders or filters by, or that someone with the stock `sqlite3` tool
/// would want to read, as plain typed columns beside it. docs/FORMAT.md lists every keyspace.
///
/// A class, immutable, compared by value: every change a rebuild hands to its writer names
/// its keyspace, and as a struct each copy retained and released its names and lists (three
/// or four shared objects, counted from the folds' cores and the writer's at once); a
/// reference is one count.
public final class StateKeyspace: Hashable, Sendable, CustomStringConvertible {
    /// The read model it belongs to (``KeyedReadModel/name``).
    public let projection: String
    /// Its name within the read model.
    public let name: String
    /// The typed columns beside the value, in the order a value gives them.
    public let columns: [StateColumn]
    /// Orderings by columns, for range reads.
    public let indexes: [StateIndex]
    /// Whether every value is a few dozen bytes at most (a status, a handful of numbers): a
    /// store may then keep each row whole in its index of keys, rather than beside it.
    public let smallValues: Bool

    /// A keyspace of `projection` named `name`.
    public init(projection: String, name: String, columns: [StateColumn] = [], indexes: [StateIndex] = [],
                smallValues: Bool = false) {
        self.projection = projection
        self.name = name
        self.columns = columns
        self.indexes = indexes
        self.smallValues = smallValues
        table = "\(projection)_\(name)".map { $0 == "-" ? "_" : $0 }.reduce(into: "") { $0.append($1) }
    }

    /// The table that holds it: the projection's and its own name, with `_` for `-`. Made
    /// once: a rebuild names the table of each of its hundreds of thousands of writes.
    public let table: String

    public var description: String { "\(projection)/\(name)" }

    public static func == (lhs: StateKeyspace, rhs: StateKeyspace) -> Bool {
        lhs === rhs || (lhs.projection == rhs.projection && lhs.name == rhs.name && lhs.columns == rhs.columns
            && lhs.indexes == rhs.indexes && lhs.smallValues == rhs.smallValues)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(projection)
        hasher.combine(name)
    }

    /// The index named `name`.
    public func index(_ name: String) -> StateIndex {
        guard let index = indexes.first(where: { $0.name == name }) else {
            preconditionFailure("keyspace \(self) has no index \(name)")
        }
        return index
    }
}

/// A typed column beside a keyspace's values.
public struct StateColumn: Hashable, Sendable {
    /// Its name, lower case with underscores.
    public let name: String
    /// What it holds.
    public let type: StateColumnType

    /// A column named `name` holding `type`.
    public init(_ name: String, _ type: StateColumnType) {
        self.name = name
        self.type = type
    }
}

/// The type of a ``StateColumn``, as SQL names it.
public enum StateColumnType: String, Sendable {
    /// A 64-bit signed integer.
    case integer = "INTEGER"
    /// A double.
    case real = "REAL"
    /// UTF-8 text.
    case text = "TEXT"
    /// Bytes.
    case blob = "BLOB"
}

/// An ordering of a keyspace by some of its columns, for range reads (ties: by key).
public struct StateIndex: Hashable, Sendable {
    /// Its name within the keyspace.
    public let name: String
    /// The columns, most significant first.
    public let columns: [String]

    /// An index named `name` over `columns`.
    public init(_ name: String, _ columns: [String]) {
        self.name = name
        self.columns = columns
    }
}

/// One column's value in a row.
public enum StateColumnValue: Sendable, Hashable {
    /// An integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// Text.
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// No value.
    case null

    /// An optional integer: null when absent.
    public static func integer(_ value: Int?) -> StateColumnValue { value.map { .integer(Int64($0)) } ?? .null }
    /// An optional timestamp, as microseconds since 1970: null when absent.
    public static func time(_ value: Timestamp?) -> StateColumnValue { value.map { .integer($0.microsecondsSince1970) } ?? .null }
    /// An optional day, as ISO text (`2026-11-25`): null when absent.
    public static func day(_ value: CalendarDay?) -> StateColumnValue { value.map { .text($0.description) } ?? .null }
    /// An optional string: null when absent.
    public static func text(_ value: String?) -> StateColumnValue { value.map { .text($0) } ?? .null }
    /// An optional double: null when absent.
    public static func real(_ value: Double?) -> StateColumnValue { value.map { .real($0) } ?? .null }
    /// A boolean, as 0 or 1.
    public static func bool(_ value: Bool) -> StateColumnValue { .integer(value ? 1 : 0) }
}

extension StateColumnValue {
    /// The integer held, if it is one.
    public var integer: Int64? { if case let .integer(value) = self { value } else { nil } }
    /// The double held (an integer too), if it is one.
    public var real: Double? {
        switch self {
        case let .real(value): value
        case let .integer(value): Double(value)
        default: nil
        }
    }
    /// The text held, if it is text.
    public var text: String? { if case let .text(value) = self { value } else { nil } }
    /// The bytes held, if they are bytes.
    public var blob: [UInt8]? { if case let .blob(value) = self { value } else { nil } }
}
