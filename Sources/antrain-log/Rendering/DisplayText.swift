import AntrainEvents
import AntrainJSON
import AntrainLog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers, weights and times as tables show them to people: local times, the settings' unit,
/// no float noise.
enum DisplayText {
    /// An enumeration's value in words for text output: `notStarted` is "not started",
    /// `weightAndReps` "weight and reps", `lowerBack` "lower back". JSON and CSV keep the
    /// value itself; what text shows can be typed back (``AnyCaseArgument`` ignores spaces).
    static func words<Value: RawRepresentable>(_ value: Value) -> String where Value.RawValue == String {
        value.rawValue.camelCaseWords
    }

    /// `102.5`, `100`, `0.33`: at most `decimals` decimals, trailing zeros dropped.
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "-" }
        // Rounded in decimal first: printf rounds the binary value, so 8.85 (8.8499…) would print 8.8.
        let scale = pow(10, Double(decimals))
        var text = String(format: "%.\(decimals)f", (value * scale).rounded() / scale)
        if text.contains(".") {
            while text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A weight held in kilograms, shown in `unit`: `102.5 kg`, `226 lb`.
    static func weight(kilograms: Double, in unit: MassUnit, decimals: Int = 1) -> String {
        let value = unit == .kilograms ? kilograms : kilograms / Mass.kilogramsPerPound
        return number(value, decimals: decimals) + " " + unit.rawValue
    }

    /// A distance held in metres, in the distance unit setting: `5.02 km` or `400 m`, and with
    /// miles set `3.11 mi`, or `440 yd` below a quarter mile (a track lap, a sled push).
    static func distance(metres: Double, in unit: DistanceUnit) -> String {
        switch unit {
        case .kilometres:
            metres >= 1000 ? number(metres / 1000, decimals: 2) + " km" : number(metres) + " m"
        case .miles:
            metres >= DistanceUnit.metresPerMile / 4 ? number(metres / DistanceUnit.metresPerMile, decimals: 2) + " mi"
                : number(metres / 0.9144, decimals: 0) + " yd"
        }
    }

    /// `2026-11-16 18:00` in the local time zone (`TZ`).
    static func localMinute(_ timestamp: Timestamp) -> String {
        var seconds = time_t(timestamp.microsecondsSince1970 / 1_000_000)
        if timestamp.microsecondsSince1970 < 0, timestamp.microsecondsSince1970 % 1_000_000 != 0 { seconds -= 1 }
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min))
    }

    /// `3,450` style thousands for large volumes, so columns of them read at a glance.
    static func grouped(_ value: Double) -> String {
        let whole = Int(value.rounded())
        let digits = String(abs(whole))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (whole < 0 ? "-" : "") + grouped
    }

    /// A volume held in kilograms, in `unit`, grouped: `3,450 kg`.
    static func volume(kilograms: Double, in unit: MassUnit) -> String {
        grouped(unit == .kilograms ? kilograms : kilograms / Mass.kilogramsPerPound) + " " + unit.rawValue
    }
}

/// JSON values in the query contract's conventions.
enum QueryJSON {
    /// A number without float noise (`663.2500000001` becomes `663.25`): rounded to 6 decimals.
    static func number(_ value: Double) -> JSONValue {
        .double((value * 1_000_000).rounded() / 1_000_000)
    }

    /// An instant in UTC with six fractional digits, as every JSON time of antrain-log.
    static func time(_ timestamp: Timestamp) -> JSONValue { .string(TimeText.utc(microseconds: timestamp.microsecondsSince1970)) }

    /// A day as `2026-11-16`.
    static func day(_ day: CalendarDay) -> JSONValue { .string(day.description) }

    /// An id as its UUID string, upper case: the form the events' own JSON holds, so that one
    /// id reads the same in every output.
    static func id(_ id: UUID) -> JSONValue { .string(id.uuidString) }
}
