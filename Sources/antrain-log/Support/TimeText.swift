import AntrainEvents
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats log times (microseconds since 1970) and parses the ISO 8601 forms users type.
///
/// Written on `ISO8601Micros`, the domain's one formatter and parser of instants, because
/// the log stores microseconds and `ISO8601DateFormatter` prints at most milliseconds; a
/// contract that rounds would make `recordedAt` values that do not compare equal to what was
/// appended. Only what users type beyond the JSON form's instants (a date alone, a time
/// without a zone, which mean local time, and looser zone forms) is read here.
enum TimeText {
    /// `2025-03-01T09:15:02.123456Z`: UTC with six fractional digits (the JSON contract).
    static func utc(microseconds: Int64) -> String {
        format(microseconds: microseconds, local: false)
    }

    /// `2025-03-01T10:15:02.123456+01:00`: the local time zone (`TZ`), for people.
    static func local(microseconds: Int64) -> String {
        format(microseconds: microseconds, local: true)
    }

    /// UTC text for a `Date`, at the log's microsecond precision.
    static func utc(_ date: Date) -> String { utc(microseconds: date.microsecondsSince1970) }

    /// Local text for a `Date`, at the log's microsecond precision.
    static func local(_ date: Date) -> String { local(microseconds: date.microsecondsSince1970) }

    private static func format(microseconds: Int64, local: Bool) -> String {
        guard local else { return ISO8601Micros.format(microseconds, fraction: .sixDigits) }
        // The zone's offset at that instant (daylight saving time included), from the C library.
        var seconds = microseconds / 1_000_000
        if microseconds % 1_000_000 < 0 { seconds -= 1 }
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return ISO8601Micros.format(microseconds, fraction: .sixDigits, offsetSeconds: Int(parts.tm_gmtoff))
    }

    /// Parses `2025-03-01`, `2025-03-01T10:15`, `2025-03-01T10:15:02`, with optional
    /// fractional seconds and an optional zone (`Z`, `+01:00`, `+0100`, `+01`). A date alone
    /// means local midnight; a time without a zone means local time. Nil when invalid.
    static func parse(_ text: String) -> Date? {
        // The JSON form's instants (what cat and export write), exactly to the microsecond.
        if let micros = ISO8601Micros.parse(text) { return Date(microsecondsSince1970: micros) }
        let pattern = #/^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/#
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let (_, year, month, day, hour, minute, second, fraction, zone) = match.output
        var parts = tm()
        parts.tm_year = Int32(year)! - 1900
        parts.tm_mon = Int32(month)! - 1
        parts.tm_mday = Int32(day)!
        parts.tm_hour = hour.map { Int32($0)! } ?? 0
        parts.tm_min = minute.map { Int32($0)! } ?? 0
        parts.tm_sec = second.map { Int32($0)! } ?? 0
        parts.tm_isdst = -1
        guard (0...11).contains(parts.tm_mon), (1...31).contains(parts.tm_mday), (0...23).contains(parts.tm_hour),
              (0...59).contains(parts.tm_min), (0...59).contains(parts.tm_sec) else { return nil }
        let expected = (parts.tm_year, parts.tm_mon, parts.tm_mday)
        var seconds: time_t
        if let zone {
            seconds = timegm(&parts)
            seconds -= time_t(zoneOffset(zone))
        } else {
            seconds = mktime(&parts)
        }
        // mktime/timegm roll 2025-02-30 over to March 2; a date that moved was not a real date.
        guard (parts.tm_year, parts.tm_mon, parts.tm_mday) == expected else { return nil }
        let fractionSeconds = fraction.map { Double("0." + $0)! } ?? 0
        return Date(timeIntervalSince1970: Double(seconds) + fractionSeconds)
    }

    /// Seconds east of UTC for `Z`, `+01:00`, `-0530` or `+01`.
    private static func zoneOffset(_ zone: Substring) -> Int {
        guard zone != "Z", zone != "z" else { return 0 }
        let digits = zone.dropFirst().filter(\.isNumber)
        let hours = Int(digits.prefix(2)) ?? 0
        let minutes = Int(digits.dropFirst(2)) ?? 0
        let magnitude = hours * 3600 + minutes * 60
        return zone.first == "-" ? -magnitude : magnitude
    }
}
