import Dispatch
import Foundation
import SystemPackage

/// A durable, compressed, segmented, tamper-evident, append-only event log.
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
/// others, up to the last complete block. The byte format is in docs/FORMAT.md.
public final class EventLog: Sendable {
    /// The log's directory.
    public let directory: LogDirectory
    /// How it was opened.
    public let mode: OpenMode
    /// What opening for writing cut from a torn last block, if anything (kept in quarantine).
    public let openingCut: TailCut?
    let writer: LogWriter?
    let cache: SealedIndexCache
    /// Damage met by this process's reads of a writable log; nil for read-only logs.
    var latch: DamageLatch? { writer?.latch }
    let signal: CommitSignal

    private init(directory: LogDirectory, mode: OpenMode, writer: LogWriter?, cache: SealedIndexCache, signal: CommitSignal, cut: TailCut?) {
        self.directory = directory
        self.mode = mode
        self.writer = writer
        self.cache = cache
        self.signal = signal
        openingCut = cut
    }

    /// Opens the log in `path`, creating it when opened for writing.
    ///
    /// For writing, it takes the lock (failing at once with ``LogError/locked(path:holderPID:)``
    /// when another writer has it), and reads only the last segment's index and the blocks
    /// after its last entry, cutting a torn last block into quarantine.
    public static func open(at path: FilePath, mode: OpenMode = .readWrite, options: LogOptions = LogOptions()) async throws -> EventLog {
        let directory = LogDirectory(path: path)
        let cache = SealedIndexCache()
        let signal = CommitSignal()
        guard mode == .readWrite else {
            guard directory.exists else { throw LogError.notALog(path: path.string, reason: "the directory does not exist") }
            return EventLog(directory: directory, mode: mode, writer: nil, cache: cache, signal: signal, cut: nil)
        }
        let writer = try LogWriter(directory: directory, options: options, cache: cache, signal: signal)
        await writer.start()
        return EventLog(directory: directory, mode: mode, writer: writer, cache: cache, signal: signal, cut: writer.openingCut)
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
    public func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion = .any) async throws -> AppendResult {
        guard let writer else { throw LogError.readOnly(path: directory.path.string) }
        return try await writer.append(events, to: stream, expected: expectedVersion)
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
    /// - Throws: ``LogError/readOnly(path:)`` on a log opened read-only or closed;
    ///   ``LogError/damaged(_:)`` when catching the state up runs into damage.
    public func streamVersion(of stream: String) async throws -> UInt64? {
        guard let writer else { throw LogError.readOnly(path: directory.path.string) }
        return try await writer.streamVersion(of: stream)
    }

    /// What the writer's state did in this process (nil before the first append or on a
    /// read-only log): for tests and diagnostics.
    package func writerStateStatistics() async -> WriterStateStatistics? {
        await writer?.stateStatistics()
    }

    /// The records passing `filter`.
    public func records(_ filter: ReadFilter = ReadFilter()) -> LogRecords {
        LogRecords(directory: directory, filter: filter, cache: cache, latch: latch)
    }

    /// The records from `offset` on.
    public func records(from offset: UInt64) -> LogRecords { records(ReadFilter(startOffset: offset)) }

    /// The records of one stream.
    public func records(inStream stream: String, from offset: UInt64 = 0) -> LogRecords {
        records(ReadFilter(startOffset: offset, streamID: stream))
    }

    /// The records of some event types.
    public func records(ofTypes types: Set<String>, from offset: UInt64 = 0) -> LogRecords {
        records(ReadFilter(startOffset: offset, eventTypes: types))
    }

    /// The records recorded in a time range (blocks outside it are skipped by their timestamps).
    public func records(recordedIn range: Range<Date>) -> LogRecords { records(ReadFilter(timeRange: range)) }

    /// Whole blocks of records passing `filter`: for consumers that work in batches.
    public func blocks(_ filter: ReadFilter = ReadFilter()) -> LogBlocks {
        LogBlocks(directory: directory, filter: filter, cache: cache, latch: latch)
    }

    /// The records from `filter.startOffset`, then every later one as it is appended.
    public func subscribe(_ filter: ReadFilter = ReadFilter(), pollInterval: Duration = .milliseconds(50)) -> LogSubscription {
        LogSubscription(directory: directory, filter: filter, cache: cache, latch: latch, signal: signal, pollInterval: pollInterval)
    }

    /// Checks every block and the whole hash chain; see ``VerificationReport``.
    ///
    /// Damage found through a writable log is recorded, and appends are refused until ``repair()``.
    public func verify(progress: (@Sendable (VerificationProgress) -> Void)? = nil) async throws -> VerificationReport {
        let writerActive = writer == nil && DirectoryLock.isHeld(directory)
        let verifier = Verifier(directory: directory, writerActive: writerActive, rewriteIndexes: writer != nil, progress: progress)
        let report = try await Self.offloaded { () throws(LogError) in try verifier.run() }
        if let writer, let problem = report.problems.first { await writer.recordDamage(problem.damage) }
        return report
    }

    /// Moves the damaged tail (the first damaged block and all after it) into quarantine and
    /// accepts appends again. Deletes nothing. A no-op on a sound log.
    public func repair() async throws -> RepairReport {
        guard let writer else { throw LogError.readOnly(path: directory.path.string) }
        return try await writer.repair()
    }

    /// Counts, sizes and time span of the log.
    public func info() async throws -> LogInfo {
        let directory = directory
        let cache = cache
        return try await Self.offloaded { () throws(LogError) in try LogInfo.scan(directory, cache: cache) }
    }

    /// Where the log ends, in either mode: the offset after the last complete block and that
    /// block's hash. Reads only the last segment's index and the block headers after it.
    public func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        if let tail = await writer?.tail() { return tail }
        let directory = directory
        let cache = cache
        return try await Self.offloaded { () throws(LogError) in try LogEnd.find(directory, cache: cache) }
    }

    /// Commits queued appends, fsyncs and releases the lock.
    public func close() async throws {
        try await writer?.close()
    }

    /// Runs long synchronous file work on a thread of its own, off the cooperative pool.
    static func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws(LogError) -> T) async throws(LogError) -> T {
        let result: Result<T, LogError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result<T, LogError>(catching: work))
            }
        }
        return try result.get()
    }
}
