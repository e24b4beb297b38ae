import AntrainEvents
import AntrainLog
import Dispatch
import Foundation

/// Validates and encodes an import's batches into the records the log stores, on all cores,
/// before they are appended one batch after another.
///
/// `EventLog.append(_: [NewEvent])` does the same work on the appending task, so a big import
/// encodes on one core while the other waits. This does it as `NewEvent` would (the type in
/// the standard catalog, `validate()`, the binary encoder, the same metadata), and hands back
/// nil for a batch it cannot encode so that the caller appends that batch's `NewEvent`s and
/// the log reports the problem in its own words.
enum BatchEncoder {
    /// One append: the events of one stream, at most ``ImportAppender/maxBatchEvents``.
    struct Batch: Sendable {
        var events: ArraySlice<NewEvent>
    }

    /// The records of each batch, in order; nil where a batch has an event that is unknown,
    /// invalid, not of the batch's stream or not encodable.
    static func encode(_ batches: [Batch], catalog: EventCatalog = .standard) -> [[ProposedEvent]?] {
        let results = UnsafeMutableBufferPointer<[ProposedEvent]?>.allocate(capacity: batches.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let job = Job(batches: batches, catalog: catalog, results: results)
        // A few batches per call, so that a small import does not pay for threads.
        let strides = (batches.count + 15) / 16
        if strides <= 1 { (0..<strides).forEach(job.run) } else { DispatchQueue.concurrentPerform(iterations: strides, execute: job.run) }
        return Array(results)
    }

    /// The batches and their result slots, shared by the threads of `concurrentPerform`.
    /// Unchecked Sendable: the batches are only read, each iteration writes only its own
    /// slots, and both outlive `concurrentPerform`, which returns after every iteration.
    private struct Job: @unchecked Sendable {
        let batches: [Batch]
        let catalog: EventCatalog
        let results: UnsafeMutableBufferPointer<[ProposedEvent]?>

        /// Encodes batches `16 * stride ..< 16 * (stride + 1)`.
        func run(_ stride: Int) {
            for index in (stride * 16)..<min(stride * 16 + 16, batches.count) {
                results[index] = BatchEncoder.encode(batches[index].events, catalog: catalog)
            }
        }
    }

    /// The records of one batch, or nil when one of its events would make `NewEvent` throw.
    private static func encode(_ events: ArraySlice<NewEvent>, catalog: EventCatalog) -> [ProposedEvent]? {
        guard let stream = events.first?.event.streamID else { return nil }
        var proposed: [ProposedEvent] = []
        proposed.reserveCapacity(events.count)
        for new in events {
            let event = new.event
            guard event.streamID == stream, catalog.knows(type(of: event)) else { return nil }
            guard (try? event.validate()) != nil, let payload = try? BinaryEventEncoder.encode(event) else { return nil }
            proposed.append(ProposedEvent(id: new.id, type: event.eventType, schemaVersion: type(of: event).schemaVersion, payload: payload,
                                          recordedAt: new.recordedAt?.date, correlationID: new.correlationID, causationID: new.causationID))
        }
        return proposed
    }
}
