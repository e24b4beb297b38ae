/// What a copy of one log into another did (``LogCopier``).
public struct LogCopyReport: Sendable, Equatable {
    /// Events the target held before, left by an earlier copy of the same source.
    public var alreadyThere: UInt64
    /// Events this copy wrote.
    public var copiedEvents: UInt64
    /// Source commits this copy wrote.
    public var copiedCommits: Int
    /// The source's end when the copy started, which the target now reaches.
    public var end: LogPosition
    /// The target's end after the copy, in its own chain.
    public var targetEnd: LogPosition

    /// A report from its parts.
    public init(alreadyThere: UInt64, copiedEvents: UInt64, copiedCommits: Int, end: LogPosition, targetEnd: LogPosition) {
        self.alreadyThere = alreadyThere
        self.copiedEvents = copiedEvents
        self.copiedCommits = copiedCommits
        self.end = end
        self.targetEnd = targetEnd
    }
}
