import AntrainEvents
import Foundation
import Testing

/// Checks shared by the nutrition, profile and quick-log event tests.
enum NutritionEventChecks {
    /// NaN and both infinities, which every number field refuses.
    static let nonFinite: [Double] = [.nan, .infinity, -.infinity]

    /// An instant early on the first day the JSON form can write (year 1).
    static let earliest = Timestamp(microsecondsSince1970: -62_135_596_800_000_000)
    /// The last microsecond of year 9999.
    static let latest = Timestamp(microsecondsSince1970: CalendarDay(year: 9999, month: 12, day: 31)!.start.microsecondsSince1970
        + 86_399_999_999)

    /// JSONEncoder with default strategies and sorted keys: on Linux it writes an object's keys in
    /// hash order, which differs between two encodings of the same value, so comparing bytes needs
    /// a fixed order.
    static func sortedJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    /// Text of `count` characters, none of them ASCII.
    static func nonASCII(_ count: Int) -> String {
        String(String(repeating: "Ü🏃‍♀️ß中", count: count / 4 + 1).prefix(count))
    }

    /// The validation error of `event`, or nil when it is valid.
    static func validationError(_ event: some DomainEvent) -> EventValidationError? {
        do {
            try event.validate()
            return nil
        } catch {
            return error
        }
    }

    /// The fields `event` is rejected for, in order; empty when it is valid.
    static func rejectedFields(_ event: some DomainEvent) -> [String] {
        validationError(event)?.fields ?? []
    }

    /// Expects `base` to be valid, and `base` changed by `change` to be rejected for exactly `fields`.
    static func expectRejected<E: DomainEvent>(_ base: E, for fields: [String],
                                               sourceLocation: SourceLocation = #_sourceLocation,
                                               _ change: (inout E) -> Void) {
        #expect(rejectedFields(base) == [], "the unchanged event is valid", sourceLocation: sourceLocation)
        var event = base
        change(&event)
        let error = validationError(event)
        #expect(error?.fields == fields, sourceLocation: sourceLocation)
        #expect(error == nil || error?.eventType == E.eventType, sourceLocation: sourceLocation)
    }

    /// Expects `base` changed by `change` to be valid.
    static func expectAccepted<E: DomainEvent>(_ base: E, sourceLocation: SourceLocation = #_sourceLocation,
                                               _ change: (inout E) -> Void) {
        var event = base
        change(&event)
        #expect(rejectedFields(event) == [], sourceLocation: sourceLocation)
    }

    /// Expects the binary and the JSON forms to give back an equal event, and JSON encoding to
    /// give the same bytes again.
    static func expectRoundTrips<E: DomainEvent>(_ event: E, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        #expect(try BinaryEventDecoder.decode(E.self, from: bytes) == event, "binary", sourceLocation: sourceLocation)
        let json = try sortedJSONEncoder().encode(event)
        let decoded = try JSONDecoder().decode(E.self, from: json)
        #expect(decoded == event, "JSON", sourceLocation: sourceLocation)
        #expect(try sortedJSONEncoder().encode(decoded) == json, "JSON bytes", sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(E.self, from: JSONEncoder().encode(event)) == event, "JSON, unsorted keys",
                sourceLocation: sourceLocation)
    }

    /// Expects every proper prefix of the event's binary form to fail with a ``CodecError``.
    static func expectTruncationsFail<E: DomainEvent>(_ event: E, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        #expect(!bytes.isEmpty, sourceLocation: sourceLocation)
        for length in 0..<bytes.count {
            #expect(throws: CodecError.self, "cut at \(length) of \(bytes.count) bytes", sourceLocation: sourceLocation) {
                try BinaryEventDecoder.decode(E.self, from: Array(bytes[..<length]))
            }
        }
    }
}
