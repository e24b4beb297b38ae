import Foundation

/// An instant, to the microsecond (the log's own resolution), in UTC.
///
/// Its JSON form is ISO 8601 in UTC with as many fraction digits as needed
/// (`"2025-09-15T07:48:00Z"`, `"2025-09-15T07:48:00.250Z"`); its binary form is microseconds
/// since 1970 as a zigzag varint. Both are exact, so a JSON round trip loses nothing.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Microseconds since 1970-01-01T00:00:00Z.
    public let microsecondsSince1970: Int64

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

    public var description: String { ISO8601Micros.format(microsecondsSince1970) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microsecondsSince1970 < rhs.microsecondsSince1970 }

    public init(from decoder: any Decoder) throws {
        if let binary = decoder as? BinaryEventDecoder {
            microsecondsSince1970 = try binary.readSigned()
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
