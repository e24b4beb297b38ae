import AntrainJSON
import Testing

/// The one JSON lexer: the tokens RFC 8259 allows, read in place, and each problem at the byte
/// that causes it (the CLI prints that position as a column).
@Suite("JSON: the lexer")
struct JSONLexerTests {
    /// Runs `body` on a lexer over `text`.
    static func lex<T>(_ text: String, _ body: (inout JSONLexer) throws(JSONLexError) -> T) -> Result<T, JSONLexError> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            Result { () throws(JSONLexError) -> T in
                var lexer = JSONLexer(raw)
                return try body(&lexer)
            }
        }
    }

    /// The text of the number at the start of `text`, and where the lexer stopped.
    static func number(_ text: String) -> Result<(String, Int), JSONLexError> {
        lex(text) { (lexer: inout JSONLexer) throws(JSONLexError) in
            let range = try lexer.number()
            return (String(decoding: Array(text.utf8)[range], as: UTF8.self), lexer.position)
        }
    }

    @Test("Numbers in JSON's grammar, and where each malformed one goes wrong")
    func numbers() throws {
        for text in ["0", "-0", "12", "-12.50", "1e9", "2.5E-3", "1e+2"] {
            #expect(try Self.number(text).get().0 == text)
        }
        // A leading zero ends the number: what follows is the caller's to refuse.
        #expect(try Self.number("05").get() == ("0", 1))
        #expect(try Self.number("7,").get() == ("7", 1))
        #expect(Self.number("-").failure == JSONLexError("a number needs digits", at: 1))
        #expect(Self.number("1.").failure == JSONLexError("a number needs digits after '.'", at: 2))
        #expect(Self.number("1e+").failure == JSONLexError("a number needs digits in its exponent", at: 3))
        #expect(Self.number("x").failure == JSONLexError("a number needs digits", at: 0))
    }

    @Test("Strings without escapes are read in place; with escapes, decoded")
    func strings() throws {
        let plain = Self.lex(#""größer" "#) { (lexer: inout JSONLexer) throws(JSONLexError) in (try lexer.plainString(), lexer.position) }
        #expect(try plain.get().0 == 1..<9 && plain.get().1 == 10, "größer is 8 bytes of UTF-8")
        let escaped = #""a\n\"\u00e9\ud83d\ude00""#
        let decoded = Self.lex(escaped) { (lexer: inout JSONLexer) throws(JSONLexError) in
            (try lexer.plainString(), lexer.position, try lexer.decodedString(), lexer.position)
        }
        let (inPlace, before, text, after) = try decoded.get()
        #expect(inPlace == nil && before == 0, "an escape leaves the string to decodedString, the position unmoved")
        #expect(String(decoding: text, as: UTF8.self) == "a\n\"é😀")
        #expect(after == escaped.utf8.count)
    }

    @Test("Each problem of a string is reported at its byte, in the order they come")
    func stringProblems() {
        func plain(_ text: String) -> JSONLexError? { Self.lex(text) { (lexer: inout JSONLexer) throws(JSONLexError) in try lexer.plainString() }.failure }
        func decoded(_ text: String) -> JSONLexError? { Self.lex(text) { (lexer: inout JSONLexer) throws(JSONLexError) in try lexer.decodedString() }.failure }
        #expect(plain(#""abc"#) == JSONLexError("a string is not closed", at: 4))
        #expect(plain("\"a\tb\"") == JSONLexError("a control character must be escaped inside a string", at: 2))
        #expect(decoded(#""a\x""#) == JSONLexError("unknown escape '\\x'", at: 3))
        #expect(decoded(#""\u12""#) == JSONLexError("a \\u escape needs four hex digits", at: 3))
        #expect(decoded(#""\ud83d x""#) == JSONLexError("a \\u escape holds a lone surrogate", at: 7))
        #expect(decoded(#""\q then"#) == JSONLexError("unknown escape '\\q'", at: 2), "the escape first, though the string is not closed either")
    }

    @Test("Literals, white space and punctuation")
    func literalsAndSpace() throws {
        let read = Self.lex(" \t\r\n true,null") { (lexer: inout JSONLexer) throws(JSONLexError) in
            lexer.skipWhitespace()
            try lexer.literal("true")
            let comma = lexer.consume(UInt8(ascii: ","))
            try lexer.literal("null")
            return (comma, lexer.atEnd)
        }
        #expect(try read.get() == (true, true))
        #expect(Self.lex("nul") { (lexer: inout JSONLexer) throws(JSONLexError) in try lexer.literal("null") }.failure
            == JSONLexError("unexpected word (expected null)", at: 0))
        #expect(Self.lex("trUe") { (lexer: inout JSONLexer) throws(JSONLexError) in try lexer.literal("true") }.failure
            == JSONLexError("unexpected word (expected true)", at: 0))
    }
}

extension Result {
    /// The error, nil on success.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
