import Foundation

/// The keys of the ids whose hex digits start with a typed prefix: the prefix's whole bytes,
/// and a half byte for an odd digit, as a range of UUID keys (which are the id's bytes).
/// The recorder's id prefixes and the history's workout prefixes both read such a range.
struct HexKeyRange {
    /// The first key of the range.
    var lower: [UInt8]
    /// The first key past it; nil when the range runs to the end.
    var upper: [UInt8]?
    /// The digits, upper case, without dashes.
    var digits: String

    /// The range of `prefix` (any case, dashes ignored); nil when it is not 1 to 32 hex digits.
    init?(_ prefix: String) {
        let digits = prefix.uppercased().filter { $0 != "-" }
        guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        self.digits = digits
        var nibbles = digits.map { UInt8($0.hexDigitValue!) }
        let odd = nibbles.count % 2 == 1 ? nibbles.removeLast() : nil
        let whole = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        if let odd {
            lower = whole + [odd << 4]
            upper = odd == 15 ? Self.successor(whole) : whole + [(odd + 1) << 4]
        } else {
            lower = whole
            upper = Self.successor(whole)
        }
    }

    /// Whether `id` is in the range (its hex digits start with the prefix).
    func matches(_ id: UUID) -> Bool { id.uuidString.filter { $0 != "-" }.hasPrefix(digits) }

    /// The smallest byte string after every string starting with `prefix`; nil when there is none.
    private static func successor(_ prefix: [UInt8]) -> [UInt8]? {
        var bytes = prefix
        while let last = bytes.last {
            if last < 0xFF {
                bytes[bytes.count - 1] = last + 1
                return bytes
            }
            bytes.removeLast()
        }
        return nil
    }
}
