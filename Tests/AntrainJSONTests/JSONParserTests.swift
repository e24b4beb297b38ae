import AntrainJSON
import Testing

/// The package's one reader of JSON values: strict RFC 8259, numbers kept as written, members
/// in their order, and each refusal at its column.
@Suite("JSON: the value parser")
struct JSONParserTests {
    static func parse(_ text: String) -> Result<JSONValue, JSONParseError> {
        Result { () throws(JSONParseError) in try JSONParser.parse(Array(text.utf8)) }
    }

    @Test("Numbers keep their text, members their order, strings their escapes decoded")
    func faithful() throws {
        let value = try Self.parse(#" {"b": 1.50, "a": [true, null, -0, 1e9], "s": "tab\there \u00e9"} "#).get()
        #expect(value == .object([("b", .number("1.50")), ("a", .array([.bool(true), .null, .number("-0"), .number("1e9")])),
                                  ("s", .string("tab\there é"))]))
        #expect(value.compactText == #"{"b":1.50,"a":[true,null,-0,1e9],"s":"tab\there é"}"#)
        #expect(try Self.parse(value.compactText).get() == value, "its compact text reads back as itself")
    }

    @Test("What RFC 8259 refuses is refused, naming the column")
    func strict() {
        let refused: [(String, String, Int)] = [
            (#"{"a": 1,}"#, "expected a member name in double quotes", 9),
            ("[1, 2,]", "unexpected character ']'", 7),
            ("NaN", "unexpected character 'N'", 1),
            ("// note\n1", "unexpected character '/'", 1),
            ("\"a\u{01}b\"", "a control character must be escaped inside a string", 3),
            ("{} {}", "unexpected text after the JSON value", 4),
            ("", "expected a value but the text ends", 1),
        ]
        for (text, reason, column) in refused {
            #expect(Self.parse(text) == .failure(JSONParseError(reason: reason, column: column)), "\(text.debugDescription)")
        }
    }

    @Test("Nesting deeper than 512 levels is refused, not a stack overflow; invalid UTF-8 is refused")
    func limits() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        guard case let .failure(error) = Self.parse(deep) else { Issue.record("600 levels were accepted"); return }
        #expect(error.reason == "nesting deeper than 512 levels")
        #expect((try? JSONParser.parse([0x22, 0xFF, 0x22])) == nil)
        #expect(JSONParser.parseIfJSON([]) == nil && JSONParser.parseIfJSON(Array("7".utf8)) == .number("7"))
    }
}
