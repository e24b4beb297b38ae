import Foundation

/// Why some text is not JSON, and where.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var reason: String
    /// 1-based column (in bytes) where it went wrong.
    public var column: Int

    /// The problem `reason` at `column`.
    public init(reason: String, column: Int) {
        self.reason = reason
        self.column = column
    }

    public var description: String { "\(reason) at column \(column)" }
}

/// A strict RFC 8259 parser that builds ``JSONValue``s from the tokens of the project's one
/// ``JSONLexer``: the package's one reader of JSON values (the import's fast scanner reads the
/// same tokens, keeping byte ranges instead of values, for speed).
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"n": 1.50}"#.utf8))   // .object([("n", .number("1.50"))])
/// ```
///
/// Strict because the log keeps what it is given forever: trailing commas, comments, NaN and
/// unescaped control characters are refused now rather than surprising a reader later.
public struct JSONParser {
    private var lexer: JSONLexer
    private var depth = 0
    /// Deep enough for any real payload, shallow enough that recursion cannot exhaust the stack.
    private static let maxDepth = 512

    /// Parses one complete JSON text (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        guard String(bytes: bytes, encoding: .utf8) != nil else {
            throw JSONParseError(reason: "the text is not valid UTF-8", column: 1)
        }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONLexError) -> JSONValue in
                var parser = JSONParser(lexer: JSONLexer(raw))
                parser.lexer.skipWhitespace()
                let value = try parser.parseValue()
                parser.lexer.skipWhitespace()
                guard parser.lexer.atEnd else { throw parser.lexer.error("unexpected text after the JSON value") }
                return value
            }
        }
        switch result {
        case let .success(value): return value
        case let .failure(error): throw JSONParseError(reason: error.reason, column: error.position + 1)
        }
    }

    /// Parses `bytes` when they are one JSON text; nil otherwise (for showing payloads).
    public static func parseIfJSON(_ bytes: [UInt8]) -> JSONValue? {
        guard !bytes.isEmpty else { return nil }
        return try? parse(bytes)
    }

    private init(lexer: JSONLexer) { self.lexer = lexer }

    private mutating func parseValue() throws(JSONLexError) -> JSONValue {
        guard let byte = lexer.current else { throw lexer.error("expected a value but the text ends") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (parser: inout JSONParser) throws(JSONLexError) in try parser.parseObject() }
        case UInt8(ascii: "["): return try nested { (parser: inout JSONParser) throws(JSONLexError) in try parser.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try lexer.literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try lexer.literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try lexer.literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(String(decoding: UnsafeRawBufferPointer(rebasing: lexer.bytes[try lexer.number()]), as: UTF8.self))
        default: throw lexer.error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(JSONLexError) -> JSONValue) throws(JSONLexError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw lexer.error("nesting deeper than \(Self.maxDepth) levels") }
        return try body(&self)
    }

    private mutating func parseObject() throws(JSONLexError) -> JSONValue {
        lexer.position += 1
        var members: [(key: String, value: JSONValue)] = []
        lexer.skipWhitespace()
        if lexer.consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            lexer.skipWhitespace()
            guard lexer.current == UInt8(ascii: "\"") else { throw lexer.error("expected a member name in double quotes") }
            let key = try parseString()
            lexer.skipWhitespace()
            guard lexer.consume(UInt8(ascii: ":")) else { throw lexer.error("expected ':' after the member name \"\(key)\"") }
            lexer.skipWhitespace()
            members.append((key, try parseValue()))
            lexer.skipWhitespace()
            if lexer.consume(UInt8(ascii: ",")) { continue }
            guard lexer.consume(UInt8(ascii: "}")) else { throw lexer.error("expected ',' or '}' after the value of \"\(key)\"") }
            return .object(members)
        }
    }

    private mutating func parseArray() throws(JSONLexError) -> JSONValue {
        lexer.position += 1
        var items: [JSONValue] = []
        lexer.skipWhitespace()
        if lexer.consume(UInt8(ascii: "]")) { return .array(items) }
        while true {
            lexer.skipWhitespace()
            items.append(try parseValue())
            lexer.skipWhitespace()
            if lexer.consume(UInt8(ascii: ",")) { continue }
            guard lexer.consume(UInt8(ascii: "]")) else { throw lexer.error("expected ',' or ']' in an array") }
            return .array(items)
        }
    }

    /// A string, read in place when it has no escapes.
    private mutating func parseString() throws(JSONLexError) -> String {
        if let range = try lexer.plainString() {
            return String(decoding: UnsafeRawBufferPointer(rebasing: lexer.bytes[range]), as: UTF8.self)
        }
        return String(decoding: try lexer.decodedString(), as: UTF8.self)
    }
}
