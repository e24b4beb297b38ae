/// A day of the calendar (proleptic Gregorian), not an instant: the day a meal was eaten or
/// a program started, the same wherever it is read.
///
/// Its JSON form is `"2025-09-15"`; its binary form is the count of days since 1970-01-01 as
/// a zigzag varint.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public let daysSince1970: Int

    /// The days that decode: 0001-01-01 to 9999-12-31.
    package static let validDays: ClosedRange<Int64> = -719_162...2_932_896

    /// The day `daysSince1970` days after 1970-01-01.
    public init(daysSince1970: Int) {
        self.daysSince1970 = daysSince1970
    }

    /// The day with this year, month (1 to 12) and day of month, or nil if there is none.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        daysSince1970 = Self.days(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month (1 to 12) and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO 8601 day of the week: 1 is Monday, 7 is Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSince1970 % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay { CalendarDay(daysSince1970: daysSince1970 + count) }

    /// The day, in UTC, that `timestamp` falls on.
    public init(_ timestamp: Timestamp) {
        let micros = timestamp.microsecondsSince1970
        let perDay: Int64 = 86_400_000_000
        daysSince1970 = Int(micros >= 0 ? micros / perDay : (micros - perDay + 1) / perDay)
    }

    /// Midnight UTC at the start of the day.
    public var start: Timestamp { Timestamp(microsecondsSince1970: Int64(daysSince1970) * 86_400_000_000) }

    public var description: String {
        let (year, month, day) = components
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    public init(from decoder: any Decoder) throws {
        if let binary = decoder as? BinaryEventDecoder {
            let start = binary.position
            let days = try binary.readSigned()
            guard Self.validDays.contains(days) else {
                throw CodecError(.invalidValue, "a day \(days) days from 1970 is outside the years 1 to 9999", byteOffset: start)
            }
            daysSince1970 = Int(days)
            return
        }
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "'\(text)' is not a calendar day; expected YYYY-MM-DD"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        if let binary = encoder as? BinaryEventEncoder { return binary.writeSigned(Int64(daysSince1970)) }
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days_from_civil.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
