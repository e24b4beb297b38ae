/// ISO 8601 text for microsecond instants, written by hand because Foundation's formatters
/// stop at milliseconds and cost microseconds per call.
package enum ISO8601Micros {
    static let microsPerDay: Int64 = 86_400_000_000

    /// How many digits of the fraction of a second `format` writes.
    package enum Fraction: Sendable {
        /// Up to six, trailing zeros dropped, none for a whole second: the JSON form's instants.
        case trimmed
        /// Always six: the command-line tool's times, which then line up and sort as text.
        case sixDigits
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f...]Z`; given `offsetSeconds` (east of UTC), the wall-clock
    /// time at that offset followed by it as `±HH:MM` instead of `Z`.
    package static func format(_ micros: Int64, fraction: Fraction = .trimmed, offsetSeconds: Int? = nil) -> String {
        let wall = micros + Int64(offsetSeconds ?? 0) * 1_000_000
        let days = wall >= 0 ? wall / microsPerDay : (wall - microsPerDay + 1) / microsPerDay
        let within = wall - days * microsPerDay
        let day = CalendarDay(daysSince1970: Int(days))
        let seconds = within / 1_000_000
        var digits = Int(within % 1_000_000)
        var text = "\(day)T\(CalendarDay.pad(Int(seconds / 3600), 2)):\(CalendarDay.pad(Int(seconds / 60 % 60), 2)):\(CalendarDay.pad(Int(seconds % 60), 2))"
        switch fraction {
        case .sixDigits:
            text += "." + CalendarDay.pad(digits, 6)
        case .trimmed where digits > 0:
            var count = 6
            while digits % 10 == 0 { digits /= 10; count -= 1 }
            text += "." + CalendarDay.pad(digits, count)
        case .trimmed:
            break
        }
        guard let offsetSeconds else { return text + "Z" }
        let magnitude = abs(offsetSeconds)
        return text + (offsetSeconds < 0 ? "-" : "+") + CalendarDay.pad(magnitude / 3600, 2) + ":" + CalendarDay.pad(magnitude % 3600 / 60, 2)
    }

    /// Parses the forms `format` writes, plus up to 6 fraction digits and a `±HH:MM` offset.
    package static func parse(_ text: String) -> Int64? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 20, utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: " "),
              let day = CalendarDay(String(decoding: utf8[0..<10], as: UTF8.self)),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
              let hour = number(utf8[11..<13]), let minute = number(utf8[14..<16]), let second = number(utf8[17..<19]),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var micros: Int64 = 0
        if utf8[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < utf8.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
                guard digits < 6 else { return nil }
                micros = micros * 10 + Int64(utf8[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<6 { micros *= 10 }
        }
        var offsetSeconds: Int64 = 0
        guard index < utf8.count else { return nil }
        switch utf8[index] {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard utf8.count == index + 6, utf8[index + 3] == UInt8(ascii: ":"),
                  let hours = number(utf8[(index + 1)..<(index + 3)]), let minutes = number(utf8[(index + 4)..<(index + 6)]),
                  hours < 24, minutes < 60 else { return nil }
            offsetSeconds = Int64(hours * 3600 + minutes * 60) * (utf8[index] == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        default:
            return nil
        }
        guard index == utf8.count else { return nil }
        let seconds = Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
        let total = seconds * 1_000_000 + micros
        return Timestamp.validMicroseconds.contains(total) ? total : nil
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
