import AntrainEvents
import ArgumentParser
import Foundation

/// The instants and days people type, read in local time (`TZ`), and the zone a workout
/// records so that its local day stays the one it was done on.
enum LocalTime {
    /// `--at`: nil or `now` is now; `2026-11-21T07:30`, `2026-11-21 07:30` or a full ISO 8601
    /// instant; `07:30` is today at that local time.
    static func instant(_ text: String?, option: String = "--at") throws -> Timestamp {
        guard let text, text.lowercased() != "now" else { return Timestamp(Date()) }
        if let clock = text.wholeMatch(of: #/^(\d{1,2}):(\d{2})$/#) {
            let today = day(of: Date())
            let hour = Int(clock.output.1)!, minute = Int(clock.output.2)!
            let padded = String(format: "%@T%02d:%02d", today.description, hour, minute)
            if let date = TimeText.parse(padded) { return Timestamp(date) }
        } else if let date = TimeText.parse(text) {
            return Timestamp(date)
        }
        throw ValidationError("\(option) \"\(text)\" is not a time: write 07:30 (today), 2026-11-21T07:30 (local time), "
            + "2026-11-21T06:30Z, or now.")
    }

    /// `--date`: nil or `today` is today, `yesterday`, or `2026-11-21`.
    static func day(_ text: String?, option: String = "--date") throws -> CalendarDay {
        switch text?.lowercased() {
        case nil, "today": return day(of: Date())
        case "yesterday": return day(of: Date()).adding(days: -1)
        case let .some(typed):
            guard let day = CalendarDay(typed) else {
                throw ValidationError("\(option) \"\(text!)\" is not a day: write 2026-11-21, today or yesterday.")
            }
            return day
        }
    }

    /// The local calendar day of an instant.
    static func day(of date: Date) -> CalendarDay {
        // The C library's reading of TZ, as every local time shown is (TimeText.local), rather
        // than Foundation's Calendar, which a query would otherwise load only for this.
        let local = TimeText.local(date)
        return CalendarDay(local.prefix(10)) ?? Timestamp(date).day
    }

    /// The local zone's IANA name for the events that name their zone (a workout's start, a
    /// weigh-in, a quick log), or `UTC` when the system gives one Foundation cannot look up
    /// again (the events refuse unknown names).
    static var zoneIdentifier: String {
        let identifier = TimeZone.current.identifier
        return TimeZone(identifier: identifier) != nil && !identifier.isEmpty ? identifier : "UTC"
    }
}
