extension JSONLexer {
    /// The contents of the string that starts at the position (at its opening quote), its
    /// escapes decoded, as UTF-8; the position then past the closing quote. Problems are
    /// reported at the byte that causes them, in the order they come.
    public mutating func decodedString() throws(JSONLexError) -> [UInt8] {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw error("a string is not closed") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return out
            case UInt8(ascii: "\\"): try escape(into: &out)
            case 0x00..<0x20: position -= 1; throw error("a control character must be escaped inside a string")
            default: out.append(byte)
            }
        }
    }

    /// The escape after a backslash, appended to `out` as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(JSONLexError) {
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

    /// The four hex digits of a `\u` escape.
    private mutating func hexQuad() throws(JSONLexError) -> UInt32 {
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
