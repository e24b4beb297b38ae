import AntrainEvents

/// A read model whose queries read only a small digest of its state, saved beside its
/// checkpoint so that a query on a large log loads kilobytes instead of the whole fold.
///
/// ```swift
/// let log = try await EventLog.open(directory: path, mode: .readOnly)
/// let records = try await ProjectionRunner.digest(of: LegacyPersonalRecords.self, in: log,
///                                                 checkpoints: CheckpointStore(logDirectory: path))
/// print(records.allRecords(formula: .epley).count)
/// ```
///
/// A read model keeps what its fold needs: every set, say, so that a corrected set can take
/// its records back. Its questions often need far less: the current records, a day's totals,
/// one line per workout. The digest is that part. It is computed from the model when a
/// checkpoint is saved and written to `<name>.digest` with the same position, version and
/// chain hash; a query at the log's end reads it alone. Anything else (a log that grew, a
/// digest of another version, a replaced log) falls back to the model, whose digest then
/// answers, so both paths give the same answers by construction.
public protocol DigestingReadModel: ReadModel {
    /// What the model's queries read.
    associatedtype Digest: Codable & Sendable
    /// The digest of the model's current state.
    func digest() -> Digest
}

extension ProjectionRunner {
    /// The digest of `Model` as of the log's current end: read from its digest file when
    /// that reflects the end of this very log, otherwise computed after catching the model up
    /// from its checkpoint (which saves a new checkpoint and digest).
    public static func digest<Model: DigestingReadModel>(of _: Model.Type, in log: EventLog,
                                                         checkpoints: CheckpointStore?,
                                                         catalog: EventCatalog = .standard) async throws -> Model.Digest {
        if let checkpoints, let stored = try? checkpoints.loadDigest(Model.name), stored.version == Model.version {
            let end = try await log.end().nextOffset
            if stored.position.offset == end,
               try await CheckpointValidator(log: log, store: checkpoints).problem(with: stored, version: Model.version, logEnd: end) == nil,
               let digest = try? stored.state(as: Model.Digest.self) {
                return digest
            }
        }
        let projection = Projection<Model>()
        let runner = ProjectionRunner(log: log, projections: [projection], checkpoints: checkpoints, catalog: catalog)
        do {
            let report = try await runner.catchUp()
            // A checkpoint restored as it was is not saved again, but its digest may be
            // missing or stale (written by an older build, or removed): write it now.
            if let checkpoints, !report.savedCheckpoints.contains(Model.name), let digest = try await projection.digestCheckpoint() {
                try checkpoints.saveDigest(digest)
            }
        } catch is CheckpointError {
            // Every event was applied; only saving failed (read-only storage): answer anyway.
        }
        return await projection.read { $0.digest() }
    }
}

extension Projection {
    /// The digest of the model at the current position, for models that make one.
    public func digestCheckpoint() throws -> Checkpoint? {
        guard let digesting = model as? any DigestingReadModel else { return nil }
        return try Self.checkpoint(of: digesting, position: position)
    }

    private static func checkpoint<Digesting: DigestingReadModel>(of model: Digesting, position: LogPosition) throws -> Checkpoint {
        try Checkpoint(name: Digesting.name, version: Digesting.version, position: position, state: model.digest())
    }
}
