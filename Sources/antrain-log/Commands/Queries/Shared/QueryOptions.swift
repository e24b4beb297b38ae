import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// The options every query takes: the moment of the log to answer from, and what "today" is.
struct QueryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Answer as the log stood then: a date (YYYY-MM-DD, the end of that local day), a date-time, or an event offset (a plain integer: every event up to and including it).",
        valueName: "date|offset"))
    var asOf: String?

    @Option(name: .long, help: ArgumentHelp(
        "The day queries count as today (YYYY-MM-DD, today or yesterday). Default: the --as-of date, else the local date.", valueName: "date"))
    var today: String?

    func validate() throws {
        _ = try point
        _ = try todayDay
    }

    /// The point to travel to, or nil for the log as it stands now.
    var point: TimeTravelPoint? {
        get throws {
            guard let asOf else { return nil }
            if let offset = UInt64(asOf) { return .offset(offset) }
            if let day = CalendarDay(asOf) { return .instant(QueryDates.endOfLocalDay(day)) }
            if let date = TimeText.parse(asOf) { return .instant(Timestamp(date)) }
            throw ValidationError("--as-of must be a date (2026-11-20), a date-time (2026-11-20T18:00) or an event offset (145); got '\(asOf)'.")
        }
    }

    /// Today: the option, else the day --as-of names, else the local date.
    var todayDay: CalendarDay {
        get throws {
            if let today { return try LocalTime.day(today, option: "--today") }
            if let asOf, UInt64(asOf) == nil {
                if let day = CalendarDay(asOf) { return day }
                if let date = TimeText.parse(asOf) { return LocalTime.day(of: date) }
            }
            return LocalTime.day(of: Date())
        }
    }
}

/// Days as people type them and as the local clock sees them.
enum QueryDates {
    /// The last microsecond of `day` in the local time zone (`TZ`).
    static func endOfLocalDay(_ day: CalendarDay) -> Timestamp {
        let nextMidnight = TimeText.parse(day.adding(days: 1).description) ?? day.adding(days: 1).start.date
        return Timestamp(microsecondsSince1970: Timestamp(nextMidnight).microsecondsSince1970 - 1)
    }

    /// Parses `--from` and `--to`, refusing a range that ends before it starts.
    static func range(from: String?, to: String?) throws -> (from: CalendarDay?, to: CalendarDay?) {
        let first = try day(from, option: "--from"), last = try day(to, option: "--to")
        if let first, let last, last < first { throw ValidationError("--to (\(last)) is before --from (\(first)).") }
        return (first, last)
    }

    /// Parses a day option (a date, `today` or `yesterday`, as the recording commands take
    /// them), naming the option in the message; nil when it is not given.
    static func day(_ text: String?, option: String) throws -> CalendarDay? {
        guard let text else { return nil }
        return try LocalTime.day(text, option: option)
    }
}
