import AntrainEvents
import AntrainLog
import Foundation

/// Reads events of the log back by their offsets: state keeps the offset of the event that
/// made a set or an entry instead of a copy of its id, and looks the id up here when an
/// answer or a rule needs it (docs/FORMAT.md, "What the state keeps of ids").
///
/// ```swift
/// let lookup = EventLookup(log: log)
/// let events = try lookup.events(at: [1_204, 1_206, 1_207])   // one read of the blocks that hold them
/// (events[1_204] as? SetLogged)?.setID
/// ```
///
/// Offsets that lie close together (a workout's events, a day's diary) are read in one pass
/// over the blocks that hold them; a gap of more than `gap` events starts another pass.
public final class EventLookup: Sendable {
    /// The log read.
    public let log: any LogReader
    private let catalog: EventCatalog
    /// The widest run of events read through in one pass rather than sought again.
    static let gap: UInt64 = 512

    /// A lookup in `log`.
    public init(log: any LogReader, catalog: EventCatalog = .standard) {
        self.log = log
        self.catalog = catalog
    }

    /// The events at `offsets`, by offset; an offset past the log's end, or whose record is of
    /// a type this build does not know, is missing from the answer.
    public func events(at offsets: some Collection<UInt64>) throws -> [UInt64: any DomainEvent] {
        var wanted = Array(Set(offsets)).sorted()
        var found: [UInt64: any DomainEvent] = [:]
        found.reserveCapacity(wanted.count)
        while let first = wanted.first {
            var last = first
            var count = 1
            while count < wanted.count, wanted[count] - last <= Self.gap {
                last = wanted[count]
                count += 1
            }
            let run = Set(wanted[0..<count])
            wanted.removeFirst(count)
            var batches = log.makeBatchIterator(ReadFilter(startOffset: first, endOffset: last + 1))
            while let batch = try batches.nextBatch() {
                for record in batch.records where run.contains(record.offset) {
                    if case let .event(event) = try catalog.decode(record) { found[record.offset] = event }
                }
            }
        }
        return found
    }
}
