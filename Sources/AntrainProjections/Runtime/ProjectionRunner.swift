import AntrainEvents
import Foundation

/// Reads the log once, decodes each record once, and feeds every registered projection in
/// batches; restores them from checkpoints first and saves them after.
///
/// ```swift
/// let history = Projection<LegacyWorkoutHistory>()
/// let records = Projection<LegacyPersonalRecords>()
/// let runner = ProjectionRunner(log: log, projections: [history, records],
///                               checkpoints: CheckpointStore(logDirectory: path))
/// let report = try await runner.catchUp()      // restore, apply what is new, save
/// for start in report.starts { print(start) }   // which were rebuilt, and why
/// ```
///
/// Decoding the next batches overlaps with the projections applying the previous ones, and
/// each projection applies batches in order at its own pace, on its own actor: one hop per
/// batch and projection. At most three batches wait to be applied, besides the one being
/// read, so memory stays bounded by the read models, not by the log.
public actor ProjectionRunner {
    /// The log read.
    public nonisolated let log: EventLog
    /// The projections fed, in registration order.
    public nonisolated let projections: [any ProjectionHost]
    /// Where checkpoints are kept; nil keeps none.
    public nonisolated let checkpoints: CheckpointStore?
    let catalog: EventCatalog
    /// Events per batch (a batch always ends at a block boundary, so it may hold more).
    public let batchSize: Int
    /// The batch size a runner uses unless told otherwise: 4,096 events, about 600 KB of
    /// `StoredEvent`s, which the standard projections walk while it is still in the
    /// processor's cache. Batches of 16,384 (2.4 MB) were each read from memory again by
    /// every projection: a rebuild of 6M events took 12% longer (3.0 s against 2.6 s);
    /// 2,048 was no faster than 4,096, and more batches in flight (depth 6) were slower.
    public static let defaultBatchSize = 4_096
    private var restored = false
    private var starts: [ProjectionStart] = []

    /// A runner over `projections`; names must be distinct.
    public init(log: EventLog, projections: [any ProjectionHost], checkpoints: CheckpointStore? = nil,
                catalog: EventCatalog = .standard, batchSize: Int = ProjectionRunner.defaultBatchSize) {
        precondition(Set(projections.map(\.name)).count == projections.count, "projection names must be distinct")
        self.log = log
        self.projections = projections
        self.checkpoints = checkpoints
        self.catalog = catalog
        self.batchSize = max(1, batchSize)
    }

    /// Restores (once), then applies every event after each projection's position up to the
    /// current end of the log, then saves the checkpoints of projections that moved.
    @discardableResult
    public func catchUp(saveCheckpoints: Bool = true,
                        progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> CatchUpReport {
        if !restored {
            starts = try await CheckpointValidator(log: log, store: checkpoints).restore(projections)
            restored = true
        }
        let before = await positions()
        let pump = BatchPump(log: log, catalog: catalog, batchSize: batchSize)
        let summary = try await pump.run(into: projections, from: before.values.min() ?? 0, progress: progress)
        var saved: [String] = []
        if saveCheckpoints, let checkpoints {
            var moved: [any ProjectionHost] = []
            for projection in projections where await projection.position.offset != before[projection.name] {
                moved.append(projection)
            }
            try await Self.save(moved, to: checkpoints)
            saved = moved.map(\.name)
        }
        return CatchUpReport(starts: starts, summary: summary, end: await positions(), savedCheckpoints: saved)
    }

    /// Saves the checkpoint, then the digest, of each of `projections`, as many at once as
    /// there are cores: encoding a model of millions of sets takes a second or more, and
    /// each projection encodes on its own actor. No more at once, so that the encoded bytes
    /// held together stay a few models' worth.
    private static func save(_ projections: [any ProjectionHost], to store: CheckpointStore) async throws {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, projection) in projections.enumerated() {
                if index >= width { try await group.next() }
                group.addTask {
                    try store.save(try await projection.checkpoint())
                    // After the checkpoint: a digest never claims a position its checkpoint lacks.
                    if let digest = try await projection.digestCheckpoint() { try store.saveDigest(digest) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Rebuilds projections from the start of the log (those named, or all), ignoring their
    /// checkpoints, and saves new ones.
    @discardableResult
    public func rebuild(_ names: Set<String>? = nil,
                        progress: (@Sendable (ReplayProgress) -> Void)? = nil) async throws -> CatchUpReport {
        let chosen = projections.filter { names?.contains($0.name) ?? true }
        if let names, let unknown = names.subtracting(projections.map(\.name)).sorted().first {
            throw ProjectionError.unknownProjection(unknown, known: projections.map(\.name))
        }
        if !restored {
            starts = try await CheckpointValidator(log: log, store: checkpoints).restore(projections.filter { projection in !chosen.contains { $0 === projection } })
            restored = true
        }
        for projection in chosen { await projection.reset() }
        starts = starts.filter { start in !chosen.contains { $0.name == start.name } }
            + chosen.map { ProjectionStart(name: $0.name, kind: .rebuilt(reason: "a rebuild was asked for")) }
        return try await catchUp(progress: progress)
    }

    /// Catches up, then keeps applying new events as they are appended, until the task is
    /// cancelled. Checkpoints are saved after each catch-up that applied at least
    /// `checkpointEvery` events since the last save.
    public func follow(pollInterval: Duration = .milliseconds(50), checkpointEvery: UInt64 = 10_000) async throws {
        var lastSaved = try await catchUp().end.values.min() ?? 0
        while !Task.isCancelled {
            try await Task.sleep(for: pollInterval)
            let end = try await log.end().nextOffset
            guard end > (await positions().values.min() ?? 0) else { continue }
            let reached = try await catchUp(saveCheckpoints: end - lastSaved >= checkpointEvery).end.values.min() ?? 0
            if end - lastSaved >= checkpointEvery { lastSaved = reached }
        }
    }

    /// Each projection's current offset, by name.
    public func positions() async -> [String: UInt64] {
        var result: [String: UInt64] = [:]
        for projection in projections { result[projection.name] = await projection.position.offset }
        return result
    }
}

/// A projection error that is not the log's.
public enum ProjectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No projection of that name is registered.
    case unknownProjection(String, known: [String])

    public var description: String {
        switch self {
        case let .unknownProjection(name, known):
            return "there is no projection \"\(name)\"; known: \(known.joined(separator: ", "))"
        }
    }
}
