import AntrainEvents
import AntrainLog
import Dispatch
import Foundation

/// Validates and encodes an import's batches into the records the log stores, on all cores,
/// before they are appended one batch after another.
///
/// `LogWriter.append(_: [NewEvent])` does the same work on the appending task, so a big import
/// would encode on one core while the other waits. Each batch goes through the engine's own
/// ``NewEvent/encoded(_:catalog:)``, so a batch it cannot encode fails, when its turn to be
/// appended comes, with the very error the log's append would throw.
enum BatchEncoder {
    /// One append: the events of one stream, at most ``ImportAppender/maxBatchEvents``.
    struct Batch: Sendable {
        var events: ArraySlice<NewEvent>
    }

    /// One batch encoded: its stream and records, or why they cannot be stored.
    typealias Encoded = Result<(stream: String, events: [ProposedEvent]), any Error>

    /// The records of each batch, in order.
    static func encode(_ batches: [Batch], catalog: EventCatalog = .standard) -> [Encoded] {
        let results = UnsafeMutableBufferPointer<Encoded?>.allocate(capacity: batches.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        let job = Job(batches: batches, catalog: catalog, results: results)
        // A few batches per call, so that a small import does not pay for threads.
        let strides = (batches.count + 15) / 16
        if strides <= 1 { (0..<strides).forEach(job.run) } else { DispatchQueue.concurrentPerform(iterations: strides, execute: job.run) }
        return results.map { $0! }
    }

    /// The batches and their result slots, shared by the threads of `concurrentPerform`.
    /// Unchecked Sendable: the batches are only read, each iteration writes only its own
    /// slots, and both outlive `concurrentPerform`, which returns after every iteration.
    private struct Job: @unchecked Sendable {
        let batches: [Batch]
        let catalog: EventCatalog
        let results: UnsafeMutableBufferPointer<Encoded?>

        /// Encodes batches `16 * stride ..< 16 * (stride + 1)`.
        func run(_ stride: Int) {
            for index in (stride * 16)..<min(stride * 16 + 16, batches.count) {
                results[index] = Result { try NewEvent.encoded(batches[index].events, catalog: catalog) }
            }
        }
    }
}
