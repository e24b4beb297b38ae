/// Why bytes could not be encoded or decoded as an event: a code, a message and where.
///
/// Decoding never trusts a length or a count in the bytes: each is checked against the bytes
/// that remain before anything is allocated, so hostile input ends in a `CodecError`, not a
/// crash or an unbounded allocation.
public struct CodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: String, Sendable, Equatable {
        /// A value needed more bytes than were left.
        case truncated
        /// A variable-length integer ran past 10 bytes or past 64 bits.
        case malformedVarint
        /// An integer does not fit the type being decoded.
        case integerOutOfRange
        /// A string's bytes are not valid UTF-8.
        case invalidUTF8
        /// NaN or an infinity, which no event may hold.
        case nonFiniteNumber
        /// An optional's presence byte was neither 0 nor 1, or a flag byte was out of range.
        case invalidFlag
        /// A value decoded but is not one the type allows (an unknown enum case, say).
        case invalidValue
        /// A collection claims more elements than there are bytes left.
        case countTooLarge
        /// Bytes were left over after the value.
        case trailingBytes
        /// The value uses a Codable shape the binary form cannot express positionally.
        case unsupportedShape
    }

    /// The kind of problem.
    public var code: Code
    /// What went wrong, in words.
    public var message: String
    /// Where in the encoded bytes, when decoding.
    public var byteOffset: Int?
    /// The coding key being read or written, when known.
    public var field: String?

    /// A codec error.
    public init(_ code: Code, _ message: String, byteOffset: Int? = nil, field: String? = nil) {
        self.code = code
        self.message = message
        self.byteOffset = byteOffset
        self.field = field
    }

    public var description: String {
        var text = message
        if let field { text = "\(field): " + text }
        if let byteOffset { text += " (at byte \(byteOffset))" }
        return text
    }

    /// This error with `field` filled in, unless an inner field already claimed it.
    func inField(_ name: String) -> CodecError {
        guard field == nil else { return self }
        var copy = self
        copy.field = name
        return copy
    }
}

extension CodecError {
    /// Turns any error thrown by a Codable conformance into a `CodecError`.
    static func wrapping(_ error: any Error, byteOffset: Int?) -> CodecError {
        if let codec = error as? CodecError { return codec }
        if let decoding = error as? DecodingError {
            switch decoding {
            case let .dataCorrupted(context), let .typeMismatch(_, context), let .valueNotFound(_, context):
                return CodecError(.invalidValue, context.debugDescription, byteOffset: byteOffset,
                                  field: context.codingPath.last?.stringValue)
            case let .keyNotFound(key, context):
                return CodecError(.invalidValue, "missing \(key.stringValue): \(context.debugDescription)", byteOffset: byteOffset)
            @unknown default:
                return CodecError(.invalidValue, "\(decoding)", byteOffset: byteOffset)
            }
        }
        if let encoding = error as? EncodingError, case let .invalidValue(_, context) = encoding {
            return CodecError(.invalidValue, context.debugDescription, field: context.codingPath.last?.stringValue)
        }
        return CodecError(.invalidValue, "\(error)", byteOffset: byteOffset)
    }
}
