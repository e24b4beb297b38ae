import AntrainEvents

/// An actor that owns one read model and the position in the log it reflects.
///
/// ```swift
/// let history = Projection<LegacyWorkoutHistory>()
/// let runner = ProjectionRunner(log: log, projections: [history], checkpoints: store)
/// try await runner.catchUp()
/// let workouts = await history.read { $0.workouts(in: range) }
/// ```
///
/// Events reach it only from a ``ProjectionRunner`` (or ``apply(_:)``), a batch per hop.
public actor Projection<Model: ReadModel>: ProjectionHost {
    /// The read model as of ``position``.
    public private(set) var model: Model
    /// The position after the last batch applied.
    public private(set) var position: LogPosition
    /// The event types the model ignores, learned as they come.
    private var ignoredTypes = IgnoredEventTypes()

    /// A projection at the start of the log, or at a restored state.
    public init(_ model: Model = Model(), position: LogPosition = .start) {
        self.model = model
        self.position = position
    }

    public nonisolated var name: String { Model.name }
    public nonisolated var version: Int { Model.version }

    /// Applies the batch's events at or after ``position`` (earlier ones were applied before).
    public func apply(_ batch: EventBatch) {
        guard batch.end.offset > position.offset else { return }
        let from = position.offset
        let metadata = batch.columns.metadata
        var start = 0
        if let first = metadata.first, first.offset < from {
            start = metadata.firstIndex { $0.offset >= from } ?? metadata.count
        }
        model.fold(batch.columns, from: start, ignoring: &ignoredTypes)
        model.finishBatch()
        position = batch.end
    }

    /// Lets a model at the start of the log make room for a replay of `events` events (see
    /// ``ReadModel/reserveCapacity(forEvents:)``); a model that has applied events is left alone.
    public func reserveCapacity(forEvents events: Int) {
        guard position.offset == 0 else { return }
        model.reserveCapacity(forEvents: events)
    }

    /// Answers a question from the model, on the actor.
    public func read<Answer: Sendable>(_ question: (Model) throws -> Answer) rethrows -> Answer {
        try question(model)
    }

    /// The model's checkpoint bytes at the current position.
    public func checkpoint() throws -> Checkpoint {
        try Checkpoint(name: Model.name, version: Model.version, position: position, state: model)
    }

    /// Replaces the model with a checkpoint's, when it is this model's at this version.
    public func restore(_ checkpoint: Checkpoint) throws {
        model = try checkpoint.state(as: Model.self)
        position = checkpoint.position
    }

    /// Forgets everything: the model before any event, at the start of the log.
    public func reset() {
        model = Model()
        position = .start
    }
}

/// What a ``ProjectionRunner`` needs of a projection, whatever its model.
public protocol ProjectionHost: Actor {
    /// The model's name (``ReadModel/name``).
    nonisolated var name: String { get }
    /// The model's version (``ReadModel/version``).
    nonisolated var version: Int { get }
    /// The position after the last event applied.
    var position: LogPosition { get }
    /// Applies the events of a batch that come at or after ``position``.
    func apply(_ batch: EventBatch)
    /// Makes room for a replay of `events` events, when at the start of the log.
    func reserveCapacity(forEvents events: Int)
    /// The checkpoint of the current state.
    func checkpoint() throws -> Checkpoint
    /// The digest of the current state, for a ``DigestingReadModel``; nil for other models.
    func digestCheckpoint() throws -> Checkpoint?
    /// Takes the state of a checkpoint.
    func restore(_ checkpoint: Checkpoint) throws
    /// Goes back to the start of the log.
    func reset()
}
