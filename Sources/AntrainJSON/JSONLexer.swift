/// Why some bytes are not JSON text, and where.
public struct JSONLexError: Error, Sendable, Equatable {
    /// What is wrong, in words a person can act on.
    public var reason: String
    /// The byte offset (from 0) where it went wrong.
    public var position: Int

    /// The problem `reason` at byte `position`.
    @inlinable public init(_ reason: String, at position: Int) {
        self.reason = reason
        self.position = position
    }
}

/// The tokens of JSON text (RFC 8259), read in place from bytes: white space, literals,
/// numbers and strings. The one lexer under the JSON the project reads by hand: ``JSONParser``
/// (which builds ``JSONValue``s that keep numbers' text and members' order: the CLI's input
/// and payloads) and the import's `JSONScanner` (which keeps byte ranges, for speed) both read
/// their tokens here, and each builds its objects and arrays of them as it needs.
///
/// Strict: it accepts exactly RFC 8259's grammar, so that what the log is given is what any
/// other reader would read. `@inlinable` throughout, because the import's scanner calls it
/// once per token on its hot path, across the module boundary; and `public`, not `package`
/// (the module has no product, so nothing outside the package sees it): with Swift 6.3 a
/// `package` declaration's inlinable body was never inlined in another module, and the
/// one-line steps (`current`, `consume`, `skipWhitespace`) stayed calls until they were
/// `public` and `@inline(__always)` too, which took a re-import's parse back to its cost
/// before the lexer was shared.
public struct JSONLexer {
    /// The text.
    public let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public var position: Int

    /// A lexer at the start of `bytes`, which must outlive it.
    @inlinable public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        position = 0
    }

    /// The next byte, nil at the end of the text.
    @inlinable @inline(__always) public var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether every byte has been read.
    @inlinable @inline(__always) public var atEnd: Bool { position >= bytes.count }

    /// An error at the current position.
    @inlinable public func error(_ reason: String) -> JSONLexError { JSONLexError(reason, at: position) }

    /// Steps over spaces, tabs and line breaks.
    @inlinable @inline(__always) public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Steps over `byte` when it is the next one; whether it was.
    @inlinable @inline(__always) public mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Steps over `word` (`true`, `false` or `null`), which must come next.
    @inlinable public mutating func literal(_ word: StaticString) throws(JSONLexError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw error("unexpected word (expected \(word))") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw error("unexpected word (expected \(word))")
        }
        position += count
    }

    /// A number in JSON's grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: its bytes.
    @inlinable public mutating func number() throws(JSONLexError) -> Range<Int> {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if !consume(UInt8(ascii: "0")) {
            guard digits() > 0 else { throw error("a number needs digits") }
        }
        if consume(UInt8(ascii: ".")) {
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return start..<position
    }

    /// Steps over decimal digits; how many.
    @inlinable @inline(__always) public mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }

    /// The contents of the string that starts at the position (at its opening quote), when
    /// it holds no escape: the bytes between the quotes, the position then past the closing
    /// one. Nil, the position unmoved, when it holds an escape: ``decodedString()`` reads it.
    @inlinable public mutating func plainString() throws(JSONLexError) -> Range<Int>? {
        let start = position + 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return start..<index
            }
            if byte == UInt8(ascii: "\\") { return nil }
            guard byte >= 0x20 else { throw JSONLexError("a control character must be escaped inside a string", at: index) }
            index += 1
        }
        throw JSONLexError("a string is not closed", at: bytes.count)
    }
}
