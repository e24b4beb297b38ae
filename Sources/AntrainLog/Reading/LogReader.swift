/// What a consumer that folds a log in order needs of it, and nothing more: where the log
/// ends, its blocks between two offsets, and the block a stored position names.
///
/// The projections runtime depends on this rather than on the log in a directory, so that
/// another storage could serve it; ``EventLogReader`` and ``EventLog`` (the log in a directory,
/// either open) conform. Checking, repairing and the directory stay on those types.
///
/// ```swift
/// func count(_ log: any LogReader) async throws -> Int {
///     var blocks = log.makeBlockIterator(from: 0, to: try await log.end().nextOffset)
///     var count = 0
///     while let block = try blocks.nextBlock() { count += block.records.count }
///     return count
/// }
/// ```
public protocol LogReader: Sendable {
    /// Where the log ends: the offset after its last complete block and that block's chain
    /// hash (``ChainHash/zero`` for an empty log), the token that ties a position to one log.
    func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash)

    /// Where the log ends as its storage shows at this moment, read synchronously: a catch-up
    /// reads it inside the state's write transaction, so that what it folds is decided under
    /// the lock that orders it against every other process's catch-up.
    func currentEnd() throws -> (nextOffset: UInt64, chainHead: ChainHash)

    /// The blocks holding offsets `start ..< stop`, in order, each showing only the records in
    /// that range, read synchronously (folds run inside a store's transaction).
    func makeBlockIterator(from start: UInt64, to stop: UInt64) -> any LogBlockIterator

    /// The header of the block holding `offset`, nil when the log has no record there: its
    /// bounds and chain hash say whether a position stored earlier lies on this log.
    func header(ofBlockHolding offset: UInt64) throws -> BlockHeader?
}

extension LogReader {
    /// Reads the first block from `offset` (a storage with a cheaper way may answer itself).
    public func header(ofBlockHolding offset: UInt64) throws -> BlockHeader? {
        var blocks = makeBlockIterator(from: offset, to: offset + 1)
        return try blocks.nextBlock()?.header
    }
}

/// Blocks read one after another, synchronously: what ``LogReader`` hands a fold.
public protocol LogBlockIterator {
    /// The next block, or nil at the end of the range or of what is complete.
    mutating func nextBlock() throws -> LogBlock?
}

extension LogBlocks.Iterator: LogBlockIterator {}
