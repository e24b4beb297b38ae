import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation

/// Takes commands one at a time, checks each against the facts of the log, and appends its
/// events, or refuses it with a ``CommandError`` and appends nothing.
///
/// ```swift
/// let recorder = try Recorder(log: log)
/// try await recorder.execute(.startWorkout(workoutID: id, type: .lifting, at: now, timeZone: "Europe/Berlin"))
/// do {
///     try await recorder.execute(.completeWorkout(workoutID: id, endedAt: now, durationSeconds: 60))
/// } catch let error as CommandError {
///     print(error.message)   // "cannot complete workout …: a lifting workout needs at least one completed set …"
/// }
/// ```
///
/// For each command it takes the version of the command's stream from the log's writer, then
/// catches the facts (``RecorderFacts``: its own small model of workouts, with the library,
/// the active program and the settings) up in the log's state store (`projections/state.sqlite`:
/// only the events appended since the last command are folded, so it also sees what other
/// recorders and processes appended), checks the rules, and appends expecting that version.
/// When another writer moved the stream after the version was taken, the append fails and the
/// command is refused with ``CommandError/Code/conflict`` rather than passing a stale check.
///
/// Commands are serialized: an actor alone would interleave two commands at their
/// suspension points (catching up, appending), so each command waits for the one before.
/// Rules that span streams, such as "at most one active workout", are therefore guarded
/// within one recorder; a second process would need its own recorder to see the first
/// workout before starting another.
public actor Recorder {
    /// The models the facts come from, caught up together before each command.
    package static let models = RecorderFacts.models
    /// The log written.
    public nonisolated let log: any LogWriter
    private let store: ProjectionStore
    /// The command running or last queued: the next one starts after it.
    private var queue: Task<Void, Never>?

    /// A recorder appending to the directory log `log` (opened for writing), keeping its
    /// facts in the log's state store.
    public init(log: EventLog) throws {
        try self.init(log: log, stateDirectory: log.directory.path.string)
    }

    /// A recorder appending to `log`, whatever stores it, keeping its facts in the state store
    /// under `stateDirectory` (`projections/state.sqlite` there).
    public init(log: any LogWriter, stateDirectory: String) throws {
        self.log = log
        store = try ProjectionStore(logDirectory: stateDirectory, models: Self.models)
    }

    /// A recorder appending to `log`, whatever stores it, keeping its facts in the state
    /// `stateBackend` keeps (the tables beside a server log, say).
    public init(log: any LogWriter, stateBackend: any StateBackend) throws {
        self.log = log
        store = try ProjectionStore(backend: stateBackend, models: Self.models)
    }

    /// Checks the command and appends its events atomically to their stream.
    ///
    /// When another writer appends to the stream between the check and the append (a second
    /// process on a server log, which has no writer lock for the command's length), the
    /// append is refused whole and the command is checked again on the new facts, up to
    /// ``conflictRetries`` times: as the person would run it again, and refused for what it is
    /// now if the other writer made it wrong.
    ///
    /// - Throws: ``CommandError`` when a rule refuses it, when an event breaks the validation
    ///   rules (``CommandError/Code/invalidEvent``), or when other writers kept changing the
    ///   stream (``CommandError/Code/conflict``); nothing is appended then.
    @discardableResult
    public func execute(_ command: Command) async throws -> AppendResult {
        let previous = queue
        let work = Task { () async throws -> AppendResult in
            await previous?.value
            var conflicts = 0
            while true {
                let planned = try await self.plan(command)
                do {
                    return try await self.commit(planned)
                } catch let error as CommandError where error.code == .conflict && conflicts < Self.conflictRetries {
                    conflicts += 1
                }
            }
        }
        queue = Task { _ = try? await work.value }
        return try await work.value
    }

    /// How many times a command is checked again after another writer moved its stream.
    public static let conflictRetries = 8

    /// The facts commands are checked against, caught up with the log.
    public func facts() async throws -> RecorderFacts {
        RecorderFacts(try await store.catchUp(log).store, log: log)
    }

    /// Takes the stream's version, catches up and applies the rules: the first half of a command.
    func plan(_ command: Command) async throws -> PlannedAppend {
        let stream = command.streamID
        // Before the catch-up: the facts then reflect at least this version, and anything
        // appended to the stream after it makes the append fail.
        let version = try await log.streamVersion(of: stream)
        return try await CommandRules(facts: try await facts(), stream: stream, streamVersion: version).plan(command)
    }

    /// Appends a planned command, guarded by the stream version taken before its check.
    func commit(_ planned: PlannedAppend) async throws -> AppendResult {
        do {
            return try await log.append(planned.events.map { NewEvent($0) }, expectedVersion: planned.expectedVersion)
        } catch let LogError.wrongExpectedVersion(stream, expected, actual) {
            let found = actual.map { "version \($0)" } ?? "no stream"
            throw CommandError(.conflict, "stream \(stream) changed while the command was checked (expected \(expected), "
                + "found \(found)): another writer appended to it; nothing was appended, try the command again")
        } catch let error as EventValidationError {
            // In the words of the person who typed the values, not the event's field paths.
            throw CommandError(.invalidEvent, error.issues.map(\.sentence).joined(separator: "; "))
        } catch let LogError.invalidEvent(index, field, reason) {
            throw CommandError(.invalidEvent, "event \(index) (\(planned.events[index].eventType)): \(field) \(reason)")
        }
    }
}
