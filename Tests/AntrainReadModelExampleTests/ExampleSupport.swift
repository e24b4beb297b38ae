import AntrainEvents
import Foundation

// What the tests of the example need besides the example. AntrainTestSupport's helpers are
// `package`, out of this target's reach (it has no package access), hence these few of its own.

/// A fresh directory under /tmp, removed when the test is done with it.
final class TemporaryDirectory: Sendable {
    /// Its path.
    let path: String

    /// Creates `antrain-example-XXXXXXXX` under the temporary directory.
    init() {
        path = NSTemporaryDirectory() + "antrain-example-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The package's root directory, found from this file's path.
func packageRoot(_ file: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: file)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url.deleteLastPathComponent()
    }
    return url
}

/// A week as the tests compare it: the model's answer, or one worked out from the events.
struct Week: Equatable, CustomStringConvertible {
    var monday: CalendarDay
    var weighIns: Int
    var totalKilograms: Double

    init(monday: CalendarDay, weighIns: Int, totalKilograms: Double) {
        self.monday = monday
        self.weighIns = weighIns
        self.totalKilograms = totalKilograms
    }

    /// The model's answer.
    init(_ week: WeighInWeek) {
        self.init(monday: week.monday, weighIns: week.weighIns, totalKilograms: week.totalKilograms)
    }

    var description: String { "\(monday): \(weighIns) weighing \(totalKilograms) kg" }
}

/// The weeks worked out from the events with Foundation's ISO 8601 calendar, not with the
/// model's arithmetic: each weigh-in's Monday in its own zone, and totals added in log order.
enum ExpectedWeeks {
    /// Every week of `events` with weigh-ins, oldest first.
    static func all(_ events: [BodyweightRecorded]) -> [Week] {
        var weeks: [CalendarDay: Week] = [:]
        for event in events {
            let monday = isoMonday(of: event.recordedAt.date, in: event.timeZone)
            let kilograms = event.weight.unit == .pounds ? event.weight.value * 0.45359237 : event.weight.value
            weeks[monday, default: Week(monday: monday, weighIns: 0, totalKilograms: 0)].weighIns += 1
            weeks[monday]!.totalKilograms += kilograms
        }
        return weeks.values.sorted { $0.monday < $1.monday }
    }

    /// The weeks of `events` from the one holding `from` through the one holding `through`.
    static func weeks(from: CalendarDay, through: CalendarDay, in events: [BodyweightRecorded]) -> [Week] {
        let first = isoMonday(of: from), last = isoMonday(of: through)
        return all(events).filter { $0.monday >= first && $0.monday <= last }
    }

    /// The week holding `day`, if it has weigh-ins.
    static func week(containing day: CalendarDay, in events: [BodyweightRecorded]) -> Week? {
        weeks(from: day, through: day, in: events).first
    }

    /// The Monday of the ISO week holding the instant `date`, in the zone `zone`.
    static func isoMonday(of date: Date, in zone: String) -> CalendarDay {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: zone)!
        let start = calendar.dateInterval(of: .weekOfYear, for: date)!.start
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    /// The Monday of the ISO week holding `day`.
    static func isoMonday(of day: CalendarDay) -> CalendarDay {
        isoMonday(of: day.start.date.addingTimeInterval(12 * 3600), in: "UTC")
    }
}
