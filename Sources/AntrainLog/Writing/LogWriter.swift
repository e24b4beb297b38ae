import Foundation

/// What appending to a log needs of its storage: appends guarded by a stream's expected
/// version and made idempotent by event ids, one outcome per append, and stream versions.
///
/// ```swift
/// func record(_ events: [ProposedEvent], to log: some LogWriter) async throws {
///     let version = try await log.streamVersion(of: "workout-42")
///     try await log.append(events, to: "workout-42", expectedVersion: version.map { .exact($0) } ?? .noStream)
/// }
/// ```
///
/// Everything that appends takes a `LogWriter`: the recorder, the importer, the generator,
/// the library seeder, the CLI's recording commands. The log in a directory opened for
/// writing (``EventLog``) is one storage. Every storage keeps the same promises:
/// - An append is atomic: all of its events are stored, at consecutive offsets and stream
///   versions, or none is, and the append throws.
/// - `expectedVersion` is checked against the stream as the appends committed before this
///   one left it (``LogError/wrongExpectedVersion(stream:expected:actual:)``).
/// - An append whose every event id is stored already, with the same stream and content, is
///   a retry: it returns the original offsets with ``AppendResult/wasAlreadyStored`` and
///   writes nothing. Some of its ids stored, or an id stored with other content, is refused
///   (``LogError/duplicateEventID(_:existingOffset:)``); so is an id repeated in the append.
/// - Events are checked against ``RecordLimits`` before anything is written.
/// - An append that returned is durable as the storage's options promise, and visible to
///   every reader of the log after it returned.
public protocol LogWriter: LogReader {
    /// Appends `events` to `stream` atomically, if the stream is at `expectedVersion`.
    @discardableResult
    func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult

    /// Appends each request on its own (each atomic, each checked as the ones before it left
    /// the streams), in order, and returns each one's outcome: a storage that can commit them
    /// together does (the directory log's group commit, a server's one round trip).
    func append(_ requests: [AppendRequest]) async -> [Result<AppendResult, any Error>]

    /// The version of `stream`'s last event: nil when the stream has no events.
    func streamVersion(of stream: String) async throws -> UInt64?

    /// Sets damage found in the log aside so that appends work again, deleting nothing (the
    /// directory log moves its damaged tail into quarantine); a no-op on a sound log.
    func repair() async throws -> RepairReport

    /// What opening set right before the log took appends: a torn last write cut off into
    /// quarantine (the directory log, after a crash); nil when there was nothing to do.
    var openingCut: TailCut? { get }
}

/// One append of a batch (``LogWriter/append(_:)``): events for one stream and what the
/// stream is expected to be at.
public struct AppendRequest: Sendable, Equatable {
    /// The events, in order.
    public var events: [ProposedEvent]
    /// The stream they are appended to.
    public var stream: String
    /// What the stream must be at, checked atomically with the append.
    public var expectedVersion: ExpectedVersion

    /// A request to append `events` to `stream`.
    public init(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion = .any) {
        self.events = events
        self.stream = stream
        self.expectedVersion = expectedVersion
    }
}

extension LogWriter {
    /// Nothing set right at opening.
    public var openingCut: TailCut? { nil }

    /// Appends each request after the one before, and returns each one's outcome.
    public func append(_ requests: [AppendRequest]) async -> [Result<AppendResult, any Error>] {
        var outcomes: [Result<AppendResult, any Error>] = []
        outcomes.reserveCapacity(requests.count)
        for request in requests {
            do {
                outcomes.append(.success(try await append(request.events, to: request.stream, expectedVersion: request.expectedVersion)))
            } catch {
                outcomes.append(.failure(error))
            }
        }
        return outcomes
    }

    /// Appends `events` to `stream` whatever its version.
    @discardableResult
    public func append(_ events: [ProposedEvent], to stream: String) async throws -> AppendResult {
        try await append(events, to: stream, expectedVersion: .any)
    }
}
