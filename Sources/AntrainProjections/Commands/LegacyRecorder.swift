import AntrainEvents
import Foundation

/// Takes commands one at a time, checks each against the current state of the log, and
/// appends its events, or refuses it with a ``CommandError`` and appends nothing.
///
/// ```swift
/// let recorder = LegacyRecorder(log: log)
/// try await recorder.execute(.startWorkout(workoutID: id, type: .lifting, at: now, timeZone: "Europe/Berlin"))
/// do {
///     try await recorder.execute(.completeWorkout(workoutID: id, endedAt: now, durationSeconds: 60))
/// } catch let error as CommandError {
///     print(error.message)   // "cannot complete workout …: a lifting workout needs at least one completed set …"
/// }
/// ```
///
/// Before each command it catches its ``LegacyCommandState`` up with the log (so it also sees what
/// other recorders and processes appended), and it appends with the version of the stream it
/// checked: when another writer moved that stream in between, the append fails and the
/// command is refused with ``CommandError/Code/conflict`` rather than passing a stale check.
///
/// Commands are serialized: an actor alone would interleave two commands at their
/// suspension points (catching up, appending), so each command waits for the one before.
/// Rules that span streams, such as "at most one active workout", are therefore guarded
/// within one recorder; a second process would need its own recorder to see the first
/// workout before starting another.
public actor LegacyRecorder {
    /// The log written.
    public nonisolated let log: EventLog
    private let projection = Projection<LegacyCommandState>()
    private let runner: ProjectionRunner
    private let savesCheckpoints: Bool
    /// The command running or last queued: the next one starts after it.
    private var queue: Task<Void, Never>?

    /// A recorder appending to `log`; with a checkpoint store, its state is restored from
    /// and saved to a checkpoint, so that a new recorder need not read the whole log.
    public init(log: EventLog, checkpoints: CheckpointStore? = nil) {
        self.log = log
        runner = ProjectionRunner(log: log, projections: [projection], checkpoints: checkpoints)
        savesCheckpoints = checkpoints != nil
    }

    /// Checks the command and appends its events atomically to their stream.
    ///
    /// - Throws: ``CommandError`` when a rule refuses it, when an event breaks the validation
    ///   rules (``CommandError/Code/invalidEvent``), or when another writer changed the
    ///   stream meanwhile (``CommandError/Code/conflict``); nothing is appended then.
    @discardableResult
    public func execute(_ command: Command) async throws -> AppendResult {
        let previous = queue
        let work = Task { () async throws -> AppendResult in
            await previous?.value
            let planned = try await self.plan(command)
            return try await self.commit(planned)
        }
        queue = Task { _ = try? await work.value }
        return try await work.value
    }

    /// The state commands are checked against, caught up with the log.
    public func currentState() async throws -> LegacyCommandState {
        try await runner.catchUp(saveCheckpoints: savesCheckpoints)
        return await projection.model
    }

    /// Catches up and applies the rules: the first half of a command.
    func plan(_ command: Command) async throws -> PlannedAppend {
        try await runner.catchUp(saveCheckpoints: savesCheckpoints)
        return try await projection.read { state in try LegacyCommandRules.plan(command, in: state) }
    }

    /// Appends a planned command, guarded by the stream version its check saw.
    func commit(_ planned: PlannedAppend) async throws -> AppendResult {
        do {
            return try await log.append(planned.events.map { NewEvent($0) }, expectedVersion: planned.expectedVersion)
        } catch let LogError.wrongExpectedVersion(stream, expected, actual) {
            let found = actual.map { "version \($0)" } ?? "no stream"
            throw CommandError(.conflict, "stream \(stream) changed while the command was checked (expected \(expected), "
                + "found \(found)): another writer appended to it; nothing was appended, try the command again")
        } catch let error as EventValidationError {
            throw CommandError(.invalidEvent, error.description)
        } catch let LogError.invalidEvent(index, field, reason) {
            throw CommandError(.invalidEvent, "event \(index) (\(planned.events[index].eventType)): \(field) \(reason)")
        }
    }
}
