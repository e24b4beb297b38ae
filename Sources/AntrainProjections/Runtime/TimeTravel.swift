import AntrainEvents

/// A moment of the log's past: after a given event, or at an instant of the clock.
public enum TimeTravelPoint: Sendable, Equatable {
    /// Every event up to and including the one at this offset.
    case offset(UInt64)
    /// Every event recorded at or before this instant.
    case instant(Timestamp)
}

extension ProjectionRunner {
    /// The state of a read model as of a point in the log's past, computed from the start
    /// of the log into fresh projections: the stored checkpoints are neither read nor written.
    ///
    /// ```swift
    /// let lastMonth = try await ProjectionRunner.state(of: LegacyPersonalRecords.self, in: log,
    ///                                                  asOf: .instant(Timestamp(date)))
    /// ```
    public static func state<Model: ReadModel>(of _: Model.Type, in log: EventLog, asOf point: TimeTravelPoint,
                                               catalog: EventCatalog = .standard) async throws -> Model {
        let projection = Projection<Model>()
        try await travel([projection], in: log, asOf: point, catalog: catalog)
        return await projection.model
    }

    /// Feeds fresh projections every event up to `point`.
    public static func travel(_ projections: [any ProjectionHost], in log: EventLog, asOf point: TimeTravelPoint,
                              catalog: EventCatalog = .standard, batchSize: Int = ProjectionRunner.defaultBatchSize) async throws {
        let pump: BatchPump
        switch point {
        case let .offset(offset):
            pump = BatchPump(log: log, catalog: catalog, batchSize: batchSize, endOffset: offset == .max ? offset : offset + 1)
        case let .instant(instant):
            let before = instant.microsecondsSince1970 == .max ? Int64.max : instant.microsecondsSince1970 + 1
            pump = BatchPump(log: log, catalog: catalog, batchSize: batchSize, recordedBefore: before)
        }
        _ = try await pump.run(into: projections, from: 0, progress: nil)
    }
}
