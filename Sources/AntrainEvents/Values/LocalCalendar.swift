import AntrainLog
import Foundation

/// Calendar days in a time zone named by its IANA identifier: the day an athlete trained or
/// weighed in, whatever the day in UTC.
///
/// ```swift
/// let day = LocalCalendar.day(of: set.loggedAt, in: "Pacific/Auckland")
/// ```
///
/// Zones are looked up once per process: a replay asks for the day of every workout and
/// weigh-in, and `TimeZone(identifier:)` reads the zone database each time. UTC, the zone of
/// every event written before events named theirs, needs no lookup at all.
public enum LocalCalendar {
    private static let zones = Locked<[String: TimeZone]>([:])

    /// The calendar day `instant` falls on in the zone named `identifier` (UTC when the name
    /// is unknown, which validation does not let through).
    public static func day(of instant: Timestamp, in identifier: String) -> CalendarDay {
        if identifier == "UTC" { return CalendarDay(instant) }
        let zone = zone(identifier)
        let offset = Int64(zone.secondsFromGMT(for: instant.date))
        return CalendarDay(Timestamp(microsecondsSince1970: instant.microsecondsSince1970 + offset * 1_000_000))
    }

    private static func zone(_ identifier: String) -> TimeZone {
        if let zone = zones.withLock({ $0[identifier] }) { return zone }
        let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
        zones.withLock { $0[identifier] = zone }
        return zone
    }
}
