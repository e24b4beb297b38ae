import Foundation

/// Why some text is not JSON, and where.
struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    var reason: String
    /// 1-based column (in bytes) where it went wrong.
    var column: Int

    var description: String { "\(reason) at column \(column)" }
}

/// A strict RFC 8259 parser that builds ``JSONValue``s.
///
/// Strict because the log keeps what it is given forever: trailing commas, comments, NaN and
/// unescaped control characters are refused now rather than surprising a reader later.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    /// Deep enough for any real payload, shallow enough that recursion cannot exhaust the stack.
    private static let maxDepth = 512

    /// Parses one complete JSON text (surrounding whitespace allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        guard String(bytes: bytes, encoding: .utf8) != nil else {
            throw JSONParseError(reason: "the text is not valid UTF-8", column: 1)
        }
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Parses `bytes` when they are one JSON text; nil otherwise (for showing payloads).
    static func parseIfJSON(_ bytes: [UInt8]) -> JSONValue? {
        guard !bytes.isEmpty else { return nil }
        return try? parse(bytes)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, column: position + 1) }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("expected a value but the text ends") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (parser: inout JSONParser) throws(JSONParseError) in try parser.parseObject() }
        case UInt8(ascii: "["): return try nested { (parser: inout JSONParser) throws(JSONParseError) in try parser.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(JSONParseError) -> JSONValue) throws(JSONParseError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
        return try body(&self)
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the member name \"\(key)\"") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw error("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<(position + utf8.count)]) == utf8 else {
            throw error("unexpected word (expected \(word))")
        }
        position += utf8.count
    }

    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard try digits() > 0 else { throw error("a number needs digits") }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard try digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard try digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func digits() throws(JSONParseError) -> Int {
        let start = position
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return position - start
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"): try parseEscape(into: &out)
            case 0x00..<0x20: position -= 1; throw error("a control character must be escaped inside a string")
            default: out.append(byte)
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw error("a string is not closed") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one: together one scalar.
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape holds a lone surrogate")
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape holds a lone surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a \\u escape holds a lone surrogate") }
            out.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            position -= 1
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = current.flatMap({ Character(Unicode.Scalar($0)).hexDigitValue }) else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
