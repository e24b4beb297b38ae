import Foundation

/// Collects the problems of one value's fields, with the path of each field.
///
/// ```swift
/// func validate(into validator: inout Validator) {
///     validator.integer(reps, "reps", 1...999)
///     validator.mass(weight, "weight", .atLeast(0))
///     validator.text(notes, "notes", maxLength: 200)
/// }
/// ```
public struct Validator: Sendable {
    /// Problems found so far.
    public private(set) var issues: [ValidationIssue] = []
    private var path: String = ""

    /// An empty validator.
    public init() {}

    /// Throws a ``EventValidationError`` listing every problem, if there is any.
    public func finish(eventType: String) throws(EventValidationError) {
        guard issues.isEmpty else { throw EventValidationError(eventType: eventType, issues: issues) }
    }

    /// Records a problem with `field` unless `condition` holds.
    public mutating func check(_ condition: Bool, _ field: String, value: @autoclosure () -> String,
                               allowed: @autoclosure () -> String) {
        // Both texts are built only for a failed check: events are validated on every append
        // and import, and nearly every check passes.
        if !condition { issues.append(ValidationIssue(field: path + field, value: value(), allowed: allowed())) }
    }

    /// A name: 1 to `maxLength` characters after trimming white space, no control characters.
    public mutating func name(_ value: String, _ field: String, maxLength: Int = 100) {
        // Printable ASCII that starts and ends with a visible character is its own trimmed
        // form, has no control character, and counts one character a byte: the common case,
        // decided without Foundation's trimming.
        let utf8 = value.utf8
        if let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20, utf8.count <= maxLength,
           utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        check((1...maxLength).contains(trimmed.count) && !trimmed.unicodeScalars.contains(where: Self.isControl),
              field, value: Self.quoted(value), allowed: "1 to \(maxLength) characters after trimming white space, without control characters")
    }

    /// An optional name: absent, or as ``name(_:_:maxLength:)``.
    public mutating func name(_ value: String?, _ field: String, maxLength: Int = 100) {
        if let value { name(value, field, maxLength: maxLength) }
    }

    /// An IANA time zone identifier ("Europe/Berlin", "UTC"), as the zone database knows it:
    /// the zone an event's local day is counted in.
    public mutating func timeZone(_ value: String, _ field: String) {
        check(!value.isEmpty && TimeZone(identifier: value) != nil, field, value: "\"\(value)\"",
              allowed: "an IANA time zone identifier such as \"Europe/Berlin\" or \"UTC\"")
    }

    /// Free text (notes): at most `maxLength` characters, no control characters but line breaks and tabs.
    public mutating func text(_ value: String?, _ field: String, maxLength: Int) {
        guard let value else { return }
        let badScalar = value.unicodeScalars.contains { Self.isControl($0) && !"\n\r\t".unicodeScalars.contains($0) }
        check(value.count <= maxLength && !badScalar, field, value: Self.quoted(value),
              allowed: "at most \(maxLength) characters, without control characters other than line breaks and tabs")
    }

    /// A whole number within `range`.
    public mutating func integer(_ value: Int?, _ field: String, _ range: ClosedRange<Int>) {
        guard let value else { return }
        check(range.contains(value), field, value: String(value), allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }

    /// A number following `rule` (and finite).
    public mutating func number(_ value: Double?, _ field: String, _ rule: NumberRule) {
        guard let value else { return }
        check(rule.allows(value), field, value: Self.describe(value), allowed: rule.description)
    }

    /// A mass whose number follows `rule`, whatever its unit.
    public mutating func mass(_ value: Mass?, _ field: String, _ rule: NumberRule) {
        guard let value else { return }
        check(rule.allows(value.value), field, value: value.value.isFinite && value.value.sign == .plus ? value.description
                                                     : Self.describe(value.value) + " " + value.unit.rawValue,
              allowed: rule.description + " (in kg or lb)")
    }

    /// A list of `range.lowerBound` to `range.upperBound` elements.
    public mutating func count(_ count: Int, _ field: String, _ range: ClosedRange<Int>, of what: String) {
        check(range.contains(count), field, value: "\(count) \(what)", allowed: "\(range.lowerBound) to \(range.upperBound) \(what)")
    }

    /// A list without repeated elements.
    public mutating func distinct<T: Hashable>(_ values: [T], _ field: String) {
        var seen = Set<T>()
        for value in values where !seen.insert(value).inserted {
            check(false, field, value: "\(value) repeated", allowed: "each element once")
            return
        }
    }

    /// Validates a nested value with its fields under `field`.
    public mutating func nested(_ value: some Validatable, _ field: String) {
        let saved = path
        path += field + "."
        value.validate(into: &self)
        path = saved
    }

    /// Validates each element of a list, named `field[index]`.
    public mutating func each(_ values: [some Validatable], _ field: String) {
        for (index, value) in values.enumerated() { nested(value, "\(field)[\(index)]") }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    static func quoted(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return "\"\(shown.unicodeScalars.map { $0.escaped(asASCII: false) }.joined())\" (\(text.count) characters)"
    }

    static func describe(_ value: Double) -> String {
        if value == 0 && value.sign == .minus { return "-0 (negative zero)" }
        return value.isNaN ? "NaN" : value.isInfinite ? (value < 0 ? "-infinity" : "infinity") : value.formatted
    }
}
