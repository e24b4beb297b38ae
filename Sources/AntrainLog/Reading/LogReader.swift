import Foundation

/// What reading a log needs of its storage, in the log's own terms: records in commit order,
/// where the log ends, and the chain that ties a stored position to one log.
///
/// ```swift
/// func count(_ log: some LogReader) async throws -> Int {
///     var count = 0
///     for try await _ in log.records(ofTypes: ["SetLogged"]) { count += 1 }
///     return count
/// }
/// ```
///
/// Everything that only reads takes a `LogReader`: the projections, the queries, `cat`,
/// `tail`, `export`. A storage implements the requirements below; the record sequences, the
/// subscription and the lookups of ids come from the extensions (``LogReader/records(_:)``,
/// ``LogReader/subscribe(_:pollInterval:)``). The log in a directory (``EventLogReader`` and
/// ``EventLog``, either open) is one storage; its blocks, segments and Bloom filters stay its
/// own business. ``LogWriter`` adds appending.
///
/// Offsets are gapless from 0 in commit order; a record is read only once its commit is
/// complete, so a reader never sees a hole that a later commit fills.
public protocol LogReader: Sendable {
    /// Where the log ends: the offset after its last committed record and the chain hash
    /// there (``ChainHash/zero`` for an empty log).
    func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash)

    /// Where the log ends as its storage shows at this moment, read synchronously: a catch-up
    /// reads it inside the state's write transaction, so that what it folds is decided under
    /// the lock that orders it against every other process's catch-up.
    func currentEnd() throws -> (nextOffset: UInt64, chainHead: ChainHash)

    /// The records passing `filter`, in batches in commit order, each showing only those
    /// records, read synchronously (folds run inside a store's transaction). A batch's
    /// ``RecordBatch/end`` is the position after its commit unless `filter`'s stop cuts it.
    func makeBatchIterator(_ filter: ReadFilter) -> any RecordBatchIterator

    /// The position after the commit that ends exactly at `offset`, nil when no commit of
    /// this log ends there: whether a position stored earlier (an offset and its chain hash)
    /// lies on this very log. `offset` 0 is the start of every log.
    func position(endingAt offset: UInt64) throws -> LogPosition?

    /// Which of `ids` the log holds, however long ago they were stored: for importers and
    /// other callers that must never append an event twice.
    func storedEventIDs(among ids: some Sequence<UUID>) async throws -> Set<UUID>

    /// Waits until the log may have grown, or `timeout` passed: what a subscription does at
    /// the end of the log. A storage that is told of commits wakes early; the default sleeps.
    func waitForAppends(timeout: Duration) async

    /// Damage known in the log, or found in the commit that ends at `end`: a command whose
    /// answer came from stored state reads no record itself, and learns of damage this way.
    func damageNotice(endingAt end: UInt64) -> Damage?

    /// Counts, sizes and time span of the log.
    func info() async throws -> LogInfo

    /// Checks every record and the whole chain; see ``VerificationReport``.
    func verify(progress: (@Sendable (VerificationProgress) -> Void)?) async throws -> VerificationReport

    /// Releases what the open holds (a writer's lock, a connection); reading stops working.
    func close() async throws
}

extension LogReader {
    /// Looks at every record's id, stopping once every one of `ids` is found.
    public func storedEventIDs(among ids: some Sequence<UUID>) async throws -> Set<UUID> {
        var wanted = Set(ids)
        var found = Set<UUID>()
        guard !wanted.isEmpty else { return [] }
        var batches = makeBatchIterator(ReadFilter())
        while !wanted.isEmpty, let batch = try batches.nextBatch() {
            for record in batch.records where wanted.remove(record.eventID) != nil { found.insert(record.eventID) }
        }
        return found
    }

    /// Sleeps for `timeout`: a storage that learns of commits answers sooner.
    public func waitForAppends(timeout: Duration) async {
        try? await Task.sleep(for: timeout)
    }

    /// Reads the records of the commit that ends at `end`, and tells the damage that reading
    /// throws, if any.
    public func damageNotice(endingAt end: UInt64) -> Damage? { damageReading(endingAt: end) }

    /// The damage that reading the commit ending at `end` throws, nil when it reads whole:
    /// what every storage's ``damageNotice(endingAt:)`` looks at last.
    package func damageReading(endingAt end: UInt64) -> Damage? {
        guard end > 0 else { return nil }
        var batches = makeBatchIterator(ReadFilter(startOffset: end - 1, endOffset: end))
        do {
            _ = try batches.nextBatch()
            return nil
        } catch let LogError.damaged(damage) {
            return damage
        } catch {
            return nil
        }
    }

    /// Nothing to release.
    public func close() async throws {}

    /// Checks every record and the whole chain, without progress reports.
    public func verify() async throws -> VerificationReport { try await verify(progress: nil) }
}
