import Dispatch
import Foundation
import SystemPackage

/// A log in a directory opened to read: records, blocks, subscriptions, `verify` and `info`,
/// and no method that writes.
///
/// ```swift
/// let reader = try await EventLog.openReadOnly(at: "/var/lib/antrain/log")
/// for try await record in reader.records(inStream: "workout-42") {
///     print(record.offset, record.eventType)
/// }
/// ```
///
/// Opening read-only takes no lock and changes no file, so it runs beside a writer in another
/// process and sees its appends up to the last complete block. ``EventLog``, the log opened
/// for writing, is an `EventLogReader` too, with the writing methods added: code that only
/// reads takes an `EventLogReader` and serves both opens, and a read-only open cannot reach
/// `append` at all. The projections runtime asks for less still: ``LogReader``.
///
/// The class is not final only so that ``EventLog`` can add the writing methods (outside this
/// module it cannot be subclassed); every stored property is a constant of a `Sendable` type,
/// which is why the conformance is unchecked rather than inferred.
public class EventLogReader: LogReader, @unchecked Sendable {
    /// The log's directory.
    public let directory: LogDirectory
    /// The writer when this is the reading side of a log opened for writing: ``end()``,
    /// ``verify(progress:)`` and ``storedEventIDs(among:)`` ask it; nil on a read-only open.
    let writer: DirectoryWriter?
    let cache: SealedIndexCache
    /// Damage met by this process's reads of a writable log; nil for read-only logs.
    var latch: DamageLatch? { writer?.latch }
    let signal: CommitSignal

    init(directory: LogDirectory, writer: DirectoryWriter?, cache: SealedIndexCache, signal: CommitSignal) {
        self.directory = directory
        self.writer = writer
        self.cache = cache
        self.signal = signal
    }

    /// Whole blocks of records passing `filter`: for consumers that work in batches.
    public func blocks(_ filter: ReadFilter = ReadFilter()) -> LogBlocks {
        LogBlocks(directory: directory, filter: filter, cache: cache, latch: latch)
    }

    /// The records passing `filter` in batches, one per block, read synchronously (``LogReader``).
    public func makeBatchIterator(_ filter: ReadFilter) -> any RecordBatchIterator {
        DirectoryBatches(blocks: blocks(filter).makeAsyncIterator(), stop: filter.endOffset)
    }

    /// The position after the block ending exactly at `offset`, nil when no block of this log
    /// ends there: the chain hash of a block covers every block before it (``LogReader``).
    public func position(endingAt offset: UInt64) throws -> LogPosition? {
        guard offset > 0 else { return .start }
        var blocks = blocks(ReadFilter(startOffset: offset - 1, endOffset: offset)).makeAsyncIterator()
        guard let header = try blocks.nextBlock()?.header, header.endOffset == offset else { return nil }
        return LogPosition(after: header)
    }

    /// Waits for a commit of this process's writer, or `timeout`: a writer in another
    /// process is found by looking at the files again (``LogReader``).
    public func waitForAppends(timeout: Duration) async {
        await signal.wait(timeout: timeout)
    }

    /// Checks every block and the whole hash chain; see ``VerificationReport``.
    ///
    /// Damage found through a writable log is recorded, and appends are refused until
    /// ``EventLog/repair()``.
    public func verify(progress: (@Sendable (VerificationProgress) -> Void)? = nil) async throws -> VerificationReport {
        let writerActive = writer == nil && DirectoryLock.isHeld(directory)
        let verifier = Verifier(directory: directory, writerActive: writerActive, rewriteIndexes: writer != nil, progress: progress)
        let report = try await Self.offloaded { () throws(LogError) in try verifier.run() }
        if let writer, let problem = report.problems.first { await writer.recordDamage(problem.damage) }
        return report
    }

    /// Counts, sizes and time span of the log.
    public func info() async throws -> LogInfo {
        let directory = directory
        let cache = cache
        return try await Self.offloaded { () throws(LogError) in try LogInfo.scan(directory, cache: cache) }
    }

    /// Where the log ends, in either open: the offset after the last complete block and that
    /// block's hash. Reads only the last segment's index and the block headers after it.
    public func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        if let tail = await writer?.tail() { return tail }
        let directory = directory
        let cache = cache
        return try await Self.offloaded { () throws(LogError) in try LogEnd.find(directory, cache: cache) }
    }

    /// Where the log ends as its files show now, read on the caller's thread (``LogReader``):
    /// every complete block, the writer's of this process and other processes' alike.
    public func currentEnd() throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        try LogEnd.find(directory, cache: cache)
    }

    /// Commits queued appends, fsyncs and releases the lock of a log opened for writing; a
    /// read-only open holds nothing to release, so there it does nothing.
    public func close() async throws {
        try await writer?.close()
    }

    /// What the writer's state did in this process (nil before the first append or on a
    /// read-only open): for tests and diagnostics.
    package func writerStateStatistics() async -> WriterStateStatistics? {
        await writer?.stateStatistics()
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
