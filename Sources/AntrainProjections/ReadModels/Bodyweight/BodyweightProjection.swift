import AntrainEvents
import Foundation

/// Folds weigh-ins into days: each UTC day of measuring time keeps its entries in time order.
///
/// A weight entered late still lands on the day it was measured, and changes only that day's
/// key. ``Bodyweight`` answers from the days a question covers.
struct BodyweightProjection: KeyedReadModel {
    static let name = "bodyweight"
    /// 5: a weigh-in is kept under its own day, in the zone it was measured in. 4: a day's
    /// last weigh-in comes first, so that daily answers read one per day; 3: weigh-ins keep
    /// the offsets of their events instead of their ids (2 kept the ids; 1 was a
    /// checkpointed memory image).
    static let version = 5
    /// The days with weigh-ins, by UTC day; columns: the day, its weight in kg (its last
    /// entry) and how many entries it has.
    static let days = StateKeyspace(projection: name, name: "days",
                                    columns: [StateColumn("day", .text), StateColumn("kilograms", .real),
                                              StateColumn("entries", .integer)])
    static let keyspaces = [days]
    static let handledEvents: [any DomainEvent.Type] = [
        BodyweightRecorded.self
    ]

    private var days: KeyedTable<BodyweightDay>

    init(context: FoldContext) {
        days = KeyedTable(Self.days, context: context)
    }

    mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
        let day = event.day
        let weighing = BodyweightDay.Weighing(offset: stored.offset, weight: event.weight, recordedAt: event.recordedAt, notes: event.notes,
                                              day: day)
        let slot = days.slot(of: day) { BodyweightDay(day: day) }
        days[slot].insert(weighing)
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        days.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { days.residentBytes }
}
