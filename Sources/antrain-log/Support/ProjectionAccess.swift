import AntrainEvents
import AntrainProjections

/// Brings the projections a query needs up to date: from their checkpoints for the log as it
/// stands, or freshly from the start for a moment of the past (`--as-of`).
///
/// Only the projections passed are fed, so a query pays for the read models it reads and no
/// others. The log is opened read-only: queries take no lock and run beside a writer.
enum ProjectionAccess {
    /// Feeds `projections` every event of the log, or every event up to `point`.
    ///
    /// Without a point, checkpoints in `<log>/projections` are restored and saved again, so the
    /// next query only applies what was appended since. A log on read-only storage still gets
    /// its answers: when the checkpoints cannot be written, the query goes on without them.
    static func load(_ projections: [any ProjectionHost], logDirectory: String, asOf point: TimeTravelPoint?) async throws {
        let log = try await LogAccess.openForReading(logDirectory)
        do {
            if let point {
                try await ProjectionRunner.travel(projections, in: log, asOf: point)
            } else {
                let runner = ProjectionRunner(log: log, projections: projections,
                                              checkpoints: CheckpointStore(logDirectory: logDirectory))
                do {
                    try await runner.catchUp()
                } catch is CheckpointError {
                    // Saving failed after every event was applied: the answers are whole; only
                    // the next query's head start is lost, which is not worth a message.
                }
            }
        } catch {
            try? await log.close()
            throw error
        }
        try await log.close()
    }

    /// The digest of `Model` (what its queries read) as the log stands, from its digest file
    /// when that is fresh; or as of `point`, computed from the start of the log.
    static func digest<Model: DigestingReadModel>(of _: Model.Type, logDirectory: String,
                                                  asOf point: TimeTravelPoint?) async throws -> Model.Digest {
        let log = try await LogAccess.openForReading(logDirectory)
        do {
            let digest: Model.Digest
            if let point {
                digest = try await ProjectionRunner.state(of: Model.self, in: log, asOf: point).digest()
            } else {
                digest = try await ProjectionRunner.digest(of: Model.self, in: log, checkpoints: CheckpointStore(logDirectory: logDirectory))
            }
            try await log.close()
            return digest
        } catch {
            try? await log.close()
            throw error
        }
    }
}
