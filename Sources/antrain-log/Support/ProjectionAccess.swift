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
        try await withLog(logDirectory) { log in
            if let point {
                try await ProjectionRunner.travel(projections, in: log, asOf: point)
            } else {
                try await catchUp(projections, in: log, logDirectory: logDirectory)
            }
        }
    }

    /// Loads `projections` as ``load(_:logDirectory:asOf:)`` does and returns the digest of
    /// `Model` (what its queries read), all on one opening of the log: at its end from the
    /// digest file when that is fresh; as of `point` from the same single pass of time travel.
    static func load<Model: DigestingReadModel>(_ projections: [any ProjectionHost], digestOf _: Model.Type,
                                                logDirectory: String, asOf point: TimeTravelPoint?) async throws -> Model.Digest {
        try await withLog(logDirectory) { log in
            if let point {
                let model = Projection<Model>()
                try await ProjectionRunner.travel(projections + [model], in: log, asOf: point)
                return await model.read { $0.digest() }
            }
            try await catchUp(projections, in: log, logDirectory: logDirectory)
            return try await ProjectionRunner.digest(of: Model.self, in: log, checkpoints: CheckpointStore(logDirectory: logDirectory))
        }
    }

    private static func catchUp(_ projections: [any ProjectionHost], in log: EventLog, logDirectory: String) async throws {
        guard !projections.isEmpty else { return }
        AllocatorTuning.forReadModels()
        let runner = ProjectionRunner(log: log, projections: projections, checkpoints: CheckpointStore(logDirectory: logDirectory))
        do {
            try await runner.catchUp()
        } catch is CheckpointError {
            // Saving failed after every event was applied: the answers are whole; only the
            // next query's head start is lost, which is not worth a message.
        }
    }

    /// Runs `body` on the log opened read-only, and closes it whatever happens.
    private static func withLog<Result>(_ logDirectory: String, _ body: (EventLog) async throws -> Result) async throws -> Result {
        let log = try await LogAccess.openForReading(logDirectory)
        let result: Result
        do {
            result = try await body(log)
        } catch {
            try? await log.close()
            throw error
        }
        try await log.close()
        return result
    }
}
