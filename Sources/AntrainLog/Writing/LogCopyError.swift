/// Why a copy of one log into another (``LogCopier``) cannot go on.
public enum LogCopyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target holds records that are not the start of the source: a copy goes only into
    /// an empty log, or one that an earlier copy of the same source left behind.
    case targetDiffers(targetEnd: UInt64, reason: String)
    /// The target moved while copying (another writer appended to it).
    case targetMoved(expected: UInt64, found: UInt64)
    /// A batch handed to ``CommitCopying/appendCopied(_:)`` is not a whole commit.
    case notWholeCommit(offset: UInt64)
    /// The target stored a copied append at other offsets than the source's.
    case offsetsDiffer(source: UInt64, target: UInt64)

    public var description: String {
        switch self {
        case let .targetDiffers(end, reason):
            return "the target already holds \(end) events that are not the start of this log (\(reason)); "
                + "copy into an empty log, or into one an earlier copy of this same log left"
        case let .targetMoved(expected, found):
            return "the target log moved while copying (expected its end at offset \(expected), found \(found)); "
                + "another writer appended to it: copy into a log nothing else writes to"
        case let .notWholeCommit(offset):
            return "the records at offset \(offset) are not a whole commit of the source"
        case let .offsetsDiffer(source, target):
            return "the target stored the record of offset \(source) at offset \(target)"
        }
    }
}
