import AntrainEvents
import AntrainLog
import Foundation

/// Appends an import's planned streams to a log, leaving out events the log already holds,
/// a few hundred events per append so that a big import is a few thousand appends rather
/// than a million.
///
/// ```swift
/// let stored = try await ImportAppender.storedIDs(of: plan.streams, in: log)
/// let counts = try await ImportAppender.append(plan.streams, stored: stored, to: log)
/// print("appended \(counts.appended), \(counts.alreadyStored) already stored")
/// ```
public enum ImportAppender {
    /// Events per append at most: keeps each block well inside the format's limits.
    public static let maxBatchEvents = 1000

    /// What an import appended, or would append.
    public struct Counts: Sendable, Equatable {
        /// Events appended (or, for ``ImportAppender/count(_:stored:)``, to be appended).
        public var appended = 0
        /// Events left out because the log holds their ids already.
        public var alreadyStored = 0
        /// Calls to the log's `append`.
        public var appends = 0

        /// No events yet.
        public init() {}
    }

    /// What appending `streams` would do, without a log to write to (for a dry run).
    public static func count(_ streams: [PlannedStream], stored: Set<UUID>) -> Counts {
        var counts = Counts()
        for stream in streams {
            let new = stream.events.filter { !stored.contains($0.id) }.count
            counts.appended += new
            counts.alreadyStored += stream.events.count - new
            counts.appends += (new + maxBatchEvents - 1) / maxBatchEvents
        }
        return counts
    }

    /// Appends every event of `streams` that `stored` does not hold, in order.
    ///
    /// The batches are validated and encoded on all cores first, then appended one after
    /// another (each a block of the stream's events, as before).
    public static func append(_ streams: [PlannedStream], stored: Set<UUID>, to log: some LogWriter) async throws -> Counts {
        var counts = Counts()
        var batches: [BatchEncoder.Batch] = []
        for stream in streams {
            let new = stored.isEmpty ? stream.events : stream.events.filter { !stored.contains($0.id) }
            counts.alreadyStored += stream.events.count - new.count
            var start = 0
            while start < new.count {
                let end = min(start + maxBatchEvents, new.count)
                batches.append(BatchEncoder.Batch(events: new[start..<end]))
                start = end
            }
        }
        let encoded = BatchEncoder.encode(batches)
        for (batch, records) in zip(batches, encoded) {
            // A batch that cannot be encoded fails here, after the batches before it, as its append would.
            let (stream, events) = try records.get()
            let result = try await log.append(events, to: stream)
            if result.wasAlreadyStored { counts.alreadyStored += batch.events.count } else { counts.appended += batch.events.count }
            counts.appends += 1
        }
        return counts
    }

    /// Which events of `streams` `log` holds already: a re-import proposes the same ids, and
    /// those are left out rather than appended twice. The log answers, however long ago
    /// they were stored (``LogReader/storedEventIDs(among:)``).
    public static func storedIDs(of streams: [PlannedStream], in log: some LogReader) async throws -> Set<UUID> {
        // The ids gathered here first: the log's generic method, not specialised across the
        // module boundary, would otherwise copy each whole event through a lazy sequence.
        var ids: [UUID] = []
        ids.reserveCapacity(streams.reduce(0) { $0 + $1.events.count })
        for stream in streams {
            for event in stream.events { ids.append(event.id) }
        }
        return try await log.storedEventIDs(among: ids)
    }
}
