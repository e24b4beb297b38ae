import Foundation

/// An instant, to the microsecond (the log's own resolution), in UTC.
///
/// Its JSON form is ISO 8601 in UTC with as many fraction digits as needed
/// (`"2025-09-15T07:48:00Z"`, `"2025-09-15T07:48:00.25Z"`); its binary form is microseconds
/// since 1970 as a zigzag varint. Both are exact, so a JSON round trip loses nothing. Only
/// instants of the years 1 to 9999 exist: decoding refuses others in either form.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Microseconds since 1970-01-01T00:00:00Z.
    public let microsecondsSince1970: Int64

    /// The instants that exist: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z.
    public static let validMicroseconds: ClosedRange<Int64> = -62_135_596_800_000_000...253_402_300_799_999_999

    /// The instant `microsecondsSince1970` µs after the epoch.
    public init(microsecondsSince1970: Int64) {
        self.microsecondsSince1970 = microsecondsSince1970
    }

    /// The instant of `date`, rounded down to the microsecond.
    public init(_ date: Date) {
        microsecondsSince1970 = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }

    /// Parses ISO 8601 in UTC: `YYYY-MM-DDTHH:MM:SS[.ffffff]Z` (an offset `±HH:MM` is also accepted).
    public init?(_ text: String) {
        guard let micros = ISO8601Micros.parse(text) else { return nil }
        microsecondsSince1970 = micros
    }

    /// The current time.
    public static var now: Timestamp { Timestamp(Date()) }

    /// As a Foundation date.
    public var date: Date { Date(timeIntervalSince1970: Double(microsecondsSince1970) / 1_000_000) }

    /// The calendar day it falls on in UTC.
    public var day: CalendarDay { CalendarDay(self) }

    /// The instant `seconds` later.
    public func adding(seconds: Double) -> Timestamp {
        Timestamp(microsecondsSince1970: microsecondsSince1970 + Int64((seconds * 1_000_000).rounded()))
    }

    /// Seconds from `other` to this instant.
    public func seconds(since other: Timestamp) -> Double {
        Double(microsecondsSince1970 - other.microsecondsSince1970) / 1_000_000
    }

    /// ISO 8601 in UTC; instants outside the years 1 to 9999 (which no decoder produces) are clamped.
    public var description: String {
        ISO8601Micros.format(min(max(microsecondsSince1970, Self.validMicroseconds.lowerBound), Self.validMicroseconds.upperBound))
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microsecondsSince1970 < rhs.microsecondsSince1970 }

    public init(from decoder: any Decoder) throws {
        if let binary = decoder as? BinaryEventDecoder {
            let start = binary.position
            let micros = try binary.readSigned()
            guard Self.validMicroseconds.contains(micros) else {
                throw CodecError(.invalidValue, "an instant \(micros) µs from 1970 is outside the years 1 to 9999", byteOffset: start)
            }
            microsecondsSince1970 = micros
            return
        }
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let micros = ISO8601Micros.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "'\(text)' is not an ISO 8601 time such as 2025-09-15T07:48:00Z"))
        }
        microsecondsSince1970 = micros
    }

    public func encode(to encoder: any Encoder) throws {
        if let binary = encoder as? BinaryEventEncoder { return binary.writeSigned(microsecondsSince1970) }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
