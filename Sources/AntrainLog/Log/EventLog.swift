import Foundation
import SystemPackage

/// A durable, compressed, segmented, tamper-evident, append-only event log, opened for writing.
///
/// ```swift
/// let log = try await EventLog.open(at: "/var/lib/antrain/log")
/// let result = try await log.append([ProposedEvent(type: "SetLogged", payload: bytes)],
///                                   to: "workout-42", expectedVersion: .noStream)
/// for try await record in log.records(inStream: "workout-42") {
///     print(record.offset, record.eventType)
/// }
/// try await log.close()
/// ```
///
/// One process writes (it holds the directory's lock); any number read, in this process or
/// others, up to the last complete block: they open with ``openReadOnly(at:)``, which gives an
/// ``EventLogReader``, the reading methods without these. The byte format is in docs/FORMAT.md.
public final class EventLog: EventLogReader, LogWriter, @unchecked Sendable {
    // The unchecked conformance is restated because Swift requires a subclass to; it is sound
    // for the reason the reader's is: every stored property is a constant of a Sendable type.

    /// What opening for writing cut from a torn last block, if anything (kept in quarantine).
    public let openingCut: TailCut?
    /// The writer this open holds: the reading side's `writer`, never nil here.
    private let holder: DirectoryWriter

    private init(directory: LogDirectory, writer: DirectoryWriter, cache: SealedIndexCache, signal: CommitSignal) {
        holder = writer
        openingCut = writer.openingCut
        super.init(directory: directory, writer: writer, cache: cache, signal: signal)
    }

    /// Opens the log in `path` for writing, creating it when it does not exist.
    ///
    /// It takes the lock (failing at once with ``LogError/locked(path:holderPID:)`` when
    /// another writer has it), and reads only the last segment's index and the blocks after
    /// its last entry, cutting a torn last block into quarantine.
    public static func open(at path: FilePath, options: LogOptions = LogOptions()) async throws -> EventLog {
        let directory = LogDirectory(path: path)
        let cache = SealedIndexCache()
        let signal = CommitSignal()
        let writer = try DirectoryWriter(directory: directory, options: options, cache: cache, signal: signal)
        await writer.start()
        return EventLog(directory: directory, writer: writer, cache: cache, signal: signal)
    }

    /// Opens the existing log in `path` to read only: no lock is taken and no file changed, so
    /// it may run beside a writer process. What it gives has no writing method.
    ///
    /// - Throws: ``LogError/notALog(path:reason:)`` when the directory does not exist.
    public static func openReadOnly(at path: FilePath) async throws -> EventLogReader {
        let directory = LogDirectory(path: path)
        guard directory.exists else { throw LogError.notALog(path: path.string, reason: "the directory does not exist") }
        return EventLogReader(directory: directory, writer: nil, cache: SealedIndexCache(), signal: CommitSignal())
    }

    /// Appends `events` to `stream` atomically (all or none) and returns their offsets.
    ///
    /// What is promised about retries and duplicate ids: an append is checked against the
    /// log's last ``LogOptions/idempotencyWindow`` events (W, default 100,000). When every one
    /// of its events is among them with the same id, stream and content, it is a retry: it
    /// returns the original offsets with `wasAlreadyStored` and writes nothing. An id among
    /// them with other content, a retry of only some of the events, or an id repeated within
    /// the append is refused. Ids stored before the last W events are not checked: a client
    /// that may retry much later should append with an `expectedVersion`, which is always
    /// checked, so that its late retry fails instead of storing the events twice.
    ///
    /// - Throws: ``LogError/wrongExpectedVersion(stream:expected:actual:)`` when the stream is
    ///   not at `expectedVersion`; ``LogError/duplicateEventID(_:existingOffset:)`` when an id is
    ///   stored with other content, or only some of the events are stored.
    @discardableResult
    public func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        try await holder.append(events, to: stream, expected: expectedVersion)
    }

    /// Appends each request on its own (each atomic, each checked as the ones before it left
    /// the streams), in order, committed together: the requests share blocks and fsyncs (as
    /// many as ``LogOptions/maxGroupBytes`` makes them), and no other caller's append comes
    /// between them. Returns each one's outcome.
    public func append(_ requests: [AppendRequest]) async -> [Result<AppendResult, any Error>] {
        await holder.append(requests)
    }

    /// The version of `stream`'s last event: nil when the stream has no events.
    ///
    /// Answered by the writer from its state (the first call of a process may read the few
    /// records appended since the state was last saved), so it costs no read of the stream.
    /// Use it to append with an exact expected version:
    ///
    /// ```swift
    /// let version = try await log.streamVersion(of: "workout-42")
    /// try await log.append(events, to: "workout-42", expectedVersion: version.map { .exact($0) } ?? .noStream)
    /// ```
    ///
    /// - Throws: ``LogError/readOnly(path:)`` once the log is closed;
    ///   ``LogError/damaged(_:)`` when catching the state up runs into damage.
    public func streamVersion(of stream: String) async throws -> UInt64? {
        try await holder.streamVersion(of: stream)
    }

    /// Moves the damaged tail (the first damaged block and all after it) into quarantine and
    /// accepts appends again. Deletes nothing. A no-op on a sound log.
    public func repair() async throws -> RepairReport {
        try await holder.repair()
    }
}
