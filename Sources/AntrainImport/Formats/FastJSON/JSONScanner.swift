import AntrainJSON
import Foundation

/// A strict, minimal JSON reader for the plain lines an events export is made of: the fast
/// path of ``JSONLLineParser``.
///
/// It reads only what it can read exactly as `JSONDecoder` does and gives up (`Failure`)
/// on everything else: escapes in strings, duplicate keys, nesting beyond 32 levels,
/// numbers that do not fit. A line it gives up on is decoded by `JSONDecoder`, so its
/// only duty is never to read a value differently; the tests compare both on every line of
/// generated exports.
struct JSONScanner {
    /// A value, as byte ranges into the line where that is enough.
    indirect enum Value {
        case string(Range<Int>)
        case number(Range<Int>)
        case bool(Bool)
        case null
        case object([Member])
        case array([Value])
    }

    /// An object's member: its key's bytes and its value.
    struct Member {
        var key: Range<Int>
        var value: Value
    }

    /// The line is not one this reader takes; `JSONDecoder` will read it.
    struct Failure: Error {}

    /// The line's tokens, from the project's one JSON lexer.
    private var lexer: JSONLexer
    /// The line.
    var bytes: UnsafeRawBufferPointer { lexer.bytes }

    init(_ bytes: UnsafeRawBufferPointer) { lexer = JSONLexer(bytes) }

    /// The single value the bytes hold, with nothing but white space around it.
    mutating func document() throws(Failure) -> Value {
        do {
            let value = try self.value(depth: 0)
            lexer.skipWhitespace()
            guard lexer.atEnd else { throw Failure() }
            return value
        } catch {
            throw Failure()
        }
    }

    private mutating func value(depth: Int) throws(JSONLexError) -> Value {
        guard depth < 32 else { throw lexer.error("too deep") }
        lexer.skipWhitespace()
        guard let byte = lexer.current else { throw lexer.error("no value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try lexer.literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try lexer.literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try lexer.literal("null"); return .null
        default: return .number(try lexer.number())
        }
    }

    private mutating func object(depth: Int) throws(JSONLexError) -> Value {
        lexer.position += 1
        var members: [Member] = []
        lexer.skipWhitespace()
        if lexer.consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            lexer.skipWhitespace()
            guard lexer.current == UInt8(ascii: "\"") else { throw lexer.error("no key") }
            let key = try string()
            // A repeated key is read differently by different decoders: leave it to JSONDecoder.
            for member in members where equal(member.key, key) { throw lexer.error("repeated key") }
            lexer.skipWhitespace()
            guard lexer.consume(UInt8(ascii: ":")) else { throw lexer.error("no colon") }
            members.append(Member(key: key, value: try value(depth: depth + 1)))
            lexer.skipWhitespace()
            if lexer.consume(UInt8(ascii: ",")) { continue }
            guard lexer.consume(UInt8(ascii: "}")) else { throw lexer.error("no end of object") }
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONLexError) -> Value {
        lexer.position += 1
        var elements: [Value] = []
        lexer.skipWhitespace()
        if lexer.consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            lexer.skipWhitespace()
            if lexer.consume(UInt8(ascii: ",")) { continue }
            guard lexer.consume(UInt8(ascii: "]")) else { throw lexer.error("no end of array") }
            return .array(elements)
        }
    }

    /// A string's contents (between the quotes); escapes give up, as control characters do.
    private mutating func string() throws(JSONLexError) -> Range<Int> {
        guard let range = try lexer.plainString() else { throw lexer.error("an escape") }
        return range
    }

    /// Whether two ranges of the line hold the same bytes.
    func equal(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.count == right.count && memcmp(bytes.baseAddress! + left.lowerBound, bytes.baseAddress! + right.lowerBound, left.count) == 0
    }
}
