import AntrainEvents
import AntrainLog
import Foundation

/// Reads the values exports write: numbers with either decimal mark, durations like
/// `1h 5m`, and local dates and times in several shapes.
public struct ExportValues: Sendable {
    /// The zone local times are read in.
    public let timeZone: TimeZone
    private let calendar: Calendar

    /// Values read in `timeZone`.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// A number, "" as nil; `62,5` is read as 62.5 (exports from locales with a decimal comma).
    public func number(_ text: String) -> Double?? {
        if text.isEmpty { return .some(nil) }
        let normalized = text.contains(".") ? text : text.replacingOccurrences(of: ",", with: ".")
        guard let value = Double(normalized), value.isFinite else { return nil }
        // "-0" is 0: events refuse negative zero, and no export means anything else by it.
        return .some(value == 0 ? 0 : value)
    }

    /// A whole count such as reps; `13.0` is 13, `13.5` is not a count.
    public func count(_ text: String) -> Int?? {
        guard let value = number(text) else { return nil }
        guard let value else { return .some(nil) }
        guard value == value.rounded(), abs(value) < 1e9 else { return nil }
        return .some(Int(value))
    }

    /// A duration such as `31m`, `1h 5m`, `1h`, `45s` or plain seconds.
    public func duration(_ text: String) -> Double? {
        if let seconds = Double(text) { return seconds }
        if text.contains(":") {
            // H:MM:SS or MM:SS, as FitNotes writes times.
            let pieces = text.split(separator: ":").map { Double($0) }
            guard (2...3).contains(pieces.count), pieces.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
            return pieces.reduce(0.0) { $0 * 60 + $1! }
        }
        var total = 0.0
        var matched = false
        for part in text.split(separator: " ") {
            guard let unit = part.last, let value = Double(part.dropLast()) else { return nil }
            switch unit {
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            matched = true
        }
        return matched ? total : nil
    }

    /// A local date and time: `2021-07-07 18:35:21`, `2021-07-07 18:35`, `2024-04-25`, or
    /// Hevy's `15 Sep 2025, 07:48`.
    public func instant(_ text: String) -> Timestamp? {
        if let parts = isoParts(text) { return timestamp(parts) }
        if let parts = hevyParts(text) { return timestamp(parts) }
        return nil
    }

    /// A calendar day written `YYYY-MM-DD`.
    public func day(_ text: String) -> CalendarDay? { CalendarDay(text) }

    private func timestamp(_ parts: DateComponents) -> Timestamp? {
        guard let date = calendar.date(from: parts) else { return nil }
        return Timestamp(date)
    }

    private func isoParts(_ text: String) -> DateComponents? {
        let halves = text.split(separator: " ", maxSplits: 1)
        guard let first = halves.first else { return nil }
        let ymd = first.split(separator: "-")
        guard ymd.count == 3, let year = Int(ymd[0]), let month = Int(ymd[1]), let day = Int(ymd[2]),
              CalendarDay(year: year, month: month, day: day) != nil else { return nil }
        var parts = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        if halves.count == 2 {
            guard let (hour, minute, second) = clock(halves[1]) else { return nil }
            (parts.hour, parts.minute, parts.second) = (hour, minute, second)
        }
        return parts
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private func hevyParts(_ text: String) -> DateComponents? {
        let halves = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard halves.count == 2 else { return nil }
        let words = halves[0].split(separator: " ")
        guard words.count == 3, let day = Int(words[0]), let year = Int(words[2]),
              let month = Self.months.firstIndex(of: words[1].prefix(3).lowercased()).map({ $0 + 1 }),
              CalendarDay(year: year, month: month, day: day) != nil,
              let (hour, minute, second) = clock(Substring(halves[1])) else { return nil }
        return DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private func clock(_ text: Substring) -> (Int, Int, Int)? {
        let pieces = text.split(separator: ":").map { Int($0) }
        guard (2...3).contains(pieces.count), pieces.allSatisfy({ $0 != nil }) else { return nil }
        let (hour, minute, second) = (pieces[0]!, pieces[1]!, pieces.count == 3 ? pieces[2]! : 0)
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<61).contains(second) else { return nil }
        return (hour, minute, second)
    }
}
