/// A JSON value that keeps what matters for faithful round trips: member order and the exact
/// text of numbers.
///
/// Foundation's `JSONSerialization` turns numbers into `Double` or `Int` (so `1.50` comes back
/// as `1.5` and large integers lose digits) and objects into unordered dictionaries. Payloads
/// are stored as JSON text and shown again by `cat`, so they must come back as they were given.
/// Read by ``JSONParser`` (the package's one reader of JSON values, on ``JSONLexer``'s
/// tokens); written compactly by ``write(to:)``.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text, exactly as written (it is valid JSON number syntax).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A number from an integer.
    public static func integer<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }

    /// A number from a double; JSON has no NaN or infinity, so those become null.
    public static func double(_ value: Double) -> JSONValue {
        value.isFinite ? .number(String(value)) : .null
    }

    /// What the value is, for messages such as "stream must be a string, not a number".
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Compact JSON text: no insignificant whitespace, members in order, numbers as written.
    public var compactText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact JSON text of the value to `out`.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case let .number(text): out.append(contentsOf: text.utf8)
        case let .string(text): Self.writeString(text, to: &out)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a JSON string literal, escaping only what JSON requires (quote, backslash,
    /// control characters), so non-ASCII text stays readable.
    public static func writeString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Builds JSON objects member by member, leaving out absent optional fields.
///
/// The CLI's output objects are a stable contract (docs/CLI.md): the order here is the order
/// users see.
public struct JSONObjectBuilder {
    /// The members so far, in the order added.
    public private(set) var members: [(key: String, value: JSONValue)] = []

    /// An empty object.
    public init() {}

    /// Adds a member.
    public mutating func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    /// Adds the member only when `value` is non-nil ("omitted when nil" in the docs).
    public mutating func add(_ key: String, ifPresent value: JSONValue?) {
        if let value { members.append((key, value)) }
    }

    /// The object built.
    public var value: JSONValue { .object(members) }
}
