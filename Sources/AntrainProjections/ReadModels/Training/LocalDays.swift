import AntrainEvents
import Foundation

/// Calendar days in a time zone named by its IANA identifier, with the zones looked up once
/// per process: a replay asks for the day of every workout, and `TimeZone(identifier:)` reads
/// the zone database each time.
enum LocalDays {
    private static let zones = Locked<[String: TimeZone]>([:])

    /// The calendar day `instant` falls on in the zone named `identifier` (UTC when the name
    /// is unknown, which validation does not let through).
    static func day(of instant: Timestamp, in identifier: String) -> CalendarDay {
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
