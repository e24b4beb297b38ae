import AntrainEvents
import Foundation

/// The weigh-ins the tests append: in kilograms and pounds, in four zones, some of them on a
/// different day (and week) in their zone than in UTC.
enum WeighIns {
    static let zones = ["UTC", "America/New_York", "Asia/Tokyo", "Pacific/Auckland"]

    /// Weigh-ins about every 26 hours from Monday 2 February 2026, `count` of them from the
    /// `first`th.
    static func series(_ first: Int, count: Int) -> [BodyweightRecorded] {
        let start = Timestamp("2026-02-02T05:30:00Z")!
        return (first..<(first + count)).map { index in
            let value = 80 + Double(index % 9) * 0.35
            let weight: Mass = index % 3 == 2 ? .pounds((value / 0.45359237 * 10).rounded() / 10) : .kilograms(value)
            return BodyweightRecorded(entryID: UUID(), weight: weight,
                                      recordedAt: start.adding(seconds: Double(index) * 26.25 * 3600),
                                      timeZone: zones[index % zones.count])
        }
    }

    /// Weigh-ins near midnight, whose week in their zone is not the week in UTC: Sunday night
    /// in New York is Monday in UTC; Monday morning in Auckland is Sunday in UTC.
    static let edges: [BodyweightRecorded] = [
        BodyweightRecorded(entryID: UUID(), weight: .kilograms(81.2), recordedAt: Timestamp("2026-03-16T03:30:00Z")!,
                           timeZone: "America/New_York"),
        BodyweightRecorded(entryID: UUID(), weight: .pounds(178.6), recordedAt: Timestamp("2026-03-15T19:00:00Z")!,
                           timeZone: "Pacific/Auckland"),
    ]
}
