/// A storage that takes another log's commits whole (``LogCopier``): each batch becomes one
/// commit of its own, its records kept as they are (offsets, ids, streams, versions, times),
/// and the source's chain hash after it kept beside this storage's own.
///
/// Copying is in two steps so that a copier overlaps them: ``prepareCopy(_:)`` lays the
/// records out (the caller's processor only), while the storage still writes the commits
/// before them; ``appendCopied(_:)`` writes them, after every copy handed to it before.
///
/// A storage without it is copied into through ``LogWriter/append(_:)`` with exact expected
/// versions, which keeps the same records but makes its own commits.
public protocol CommitCopying: LogWriter {
    /// Commits laid out for ``appendCopied(_:)``.
    associatedtype PreparedCommits: Sendable

    /// Lays out `batches`, whole source commits in offset order, for one
    /// ``appendCopied(_:)``; reads and writes nothing.
    ///
    /// - Throws: ``LogCopyError/notWholeCommit(offset:)`` when a batch is not a whole commit
    ///   following the one before.
    func prepareCopy(_ batches: [RecordBatch]) throws -> PreparedCommits

    /// Appends prepared commits, which must start at this log's end, in one transaction: all
    /// are stored or none.
    ///
    /// - Throws: ``LogCopyError/targetMoved(expected:found:)`` when they do not start at this
    ///   log's end; the storage's own errors otherwise.
    func appendCopied(_ commits: PreparedCommits) async throws
}
