import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats log times (microseconds since 1970) and parses the ISO 8601 forms users type.
///
/// Hand-written on `gmtime_r`/`localtime_r` because the log stores microseconds and
/// `ISO8601DateFormatter` prints at most milliseconds; a contract that rounds would make
/// `recordedAt` values that do not compare equal to what was appended.
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
        // Floor division, so that times before 1970 get a positive fraction.
        var seconds = microseconds / 1_000_000
        var fraction = microseconds % 1_000_000
        if fraction < 0 { seconds -= 1; fraction += 1_000_000 }
        var time = time_t(seconds)
        var parts = tm()
        if local { localtime_r(&time, &parts) } else { gmtime_r(&time, &parts) }
        var text = pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
        text += "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
        text += "." + pad(Int(fraction), 6)
        guard local else { return text + "Z" }
        let offset = Int(parts.tm_gmtoff)
        let sign = offset < 0 ? "-" : "+"
        return text + sign + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) % 3600 / 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Parses `2025-03-01`, `2025-03-01T10:15`, `2025-03-01T10:15:02`, with optional
    /// fractional seconds and an optional zone (`Z`, `+01:00`, `+0100`, `+01`). A date alone
    /// means local midnight; a time without a zone means local time. Nil when invalid.
    static func parse(_ text: String) -> Date? {
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
