import AntrainEvents
import Foundation

/// The weigh-ins of one UTC day, sorted by the instant they were measured (equal instants in
/// log order): the value ``BodyweightProjection`` keeps under each day.
struct BodyweightDay: KeyedValue {
    typealias Key = CalendarDay

    /// The day's entries, in measuring order; the last is the day's weight.
    var entries: [BodyweightEntry] = []

    init() {}

    /// Inserts `entry` at its place in time (after any measured at the same instant).
    mutating func insert(_ entry: BodyweightEntry) {
        // Entries nearly always arrive in time order: append, else search back for the place.
        var index = entries.endIndex
        while index > 0, entries[index - 1].recordedAt > entry.recordedAt { index -= 1 }
        entries.insert(entry, at: index)
    }

    func encode(into writer: inout StateValueWriter) {
        writer.list(entries) { writer, entry in
            writer.uuid(entry.entryID)
            writer.mass(entry.weight)
            writer.timestamp(entry.recordedAt)
            writer.optional(entry.notes) { $0.string($1) }
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            BodyweightEntry(entryID: try cursor.uuid(), weight: try cursor.stateMass(), recordedAt: try cursor.timestamp(),
                            notes: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() })
        }
    }

    /// The day's weight in kg (its last entry) and how many entries it has.
    var columns: [StateColumnValue] {
        [.day(entries.last?.day), .real(entries.last?.weight.kilograms ?? 0), .integer(Int64(entries.count))]
    }

    var residentBytes: Int { 32 + entries.count * MemoryLayout<BodyweightEntry>.stride }
}
