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

    let bytes: UnsafeRawBufferPointer
    private var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The single value the bytes hold, with nothing but white space around it.
    mutating func document() throws(Failure) -> Value {
        let value = try self.value(depth: 0)
        skipSpace()
        guard position == bytes.count else { throw Failure() }
        return value
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard depth < 32 else { throw Failure() }
        skipSpace()
        guard position < bytes.count else { throw Failure() }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> Value {
        position += 1
        var members: [Member] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Failure() }
            let key = try string()
            // A repeated key is read differently by different decoders: leave it to JSONDecoder.
            for member in members where equal(member.key, key) { throw Failure() }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw Failure() }
            position += 1
            members.append(Member(key: key, value: try value(depth: depth + 1)))
            skipSpace()
            guard position < bytes.count else { throw Failure() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "}") else { throw Failure() }
            position += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> Value {
        position += 1
        var elements: [Value] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipSpace()
            guard position < bytes.count else { throw Failure() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "]") else { throw Failure() }
            position += 1
            return .array(elements)
        }
    }

    /// A string's contents (between the quotes); escapes and control characters give up.
    private mutating func string() throws(Failure) -> Range<Int> {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { throw Failure() }
            position += 1
        }
        throw Failure()
    }

    /// A number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(Failure) -> Range<Int> {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let first = position
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[first] != UInt8(ascii: "0") else { throw Failure() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw Failure() }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw Failure() }
        }
        return start..<position
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw Failure() }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] { throw Failure() }
        position += count
    }

    /// Whether two ranges of the line hold the same bytes.
    func equal(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.count == right.count && memcmp(bytes.baseAddress! + left.lowerBound, bytes.baseAddress! + right.lowerBound, left.count) == 0
    }
}
