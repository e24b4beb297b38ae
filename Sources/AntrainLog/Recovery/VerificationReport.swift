/// The outcome of a full verification: what was checked, the chain head, and every problem.
public struct VerificationReport: Sendable, Equatable, Codable {
    /// True when every checksum and every link of the hash chain holds.
    public var ok: Bool { problems.isEmpty }
    /// Records verified (the offset after the last good record).
    public var events: UInt64
    /// Segment files.
    public var segments: Int
    /// Blocks verified.
    public var blocks: Int
    /// Bytes of segment and index files.
    public var bytesOnDisk: UInt64
    /// Bytes of all records before compression.
    public var uncompressedBytes: UInt64
    /// Hash of the last good block, hex; 64 zeros for an empty log. Write it down: a later
    /// verification that reaches the same block proves nothing before it changed.
    public var chainHead: String
    /// What does not hold, in log order.
    public var problems: [Problem]
    /// Things noticed and set right that are not damage (an index rebuilt, say).
    public var notes: [String]

    /// A report from its parts, for a storage's own verification (``LogReader/verify(progress:)``);
    /// a storage without segments or blocks counts its commits as blocks and 0 segments.
    public init(events: UInt64, segments: Int, blocks: Int, bytesOnDisk: UInt64, uncompressedBytes: UInt64,
                chainHead: String, problems: [Problem], notes: [String]) {
        self.events = events
        self.segments = segments
        self.blocks = blocks
        self.bytesOnDisk = bytesOnDisk
        self.uncompressedBytes = uncompressedBytes
        self.chainHead = chainHead
        self.problems = problems
        self.notes = notes
    }

    /// One thing that does not hold.
    public struct Problem: Sendable, Equatable, Codable, CustomStringConvertible {
        /// `corruption` (damaged block), `tornTail` (incomplete last block, no writer running),
        /// or `segmentGap` (segments do not follow each other).
        public var kind: String
        /// Where.
        public var damage: Damage

        /// A problem of `kind` at `damage`.
        public init(kind: String, damage: Damage) {
            self.kind = kind
            self.damage = damage
        }

        public var description: String { "\(kind): \(damage)" }
    }
}

/// Progress of a long verification, for progress bars.
public struct VerificationProgress: Sendable {
    /// Segment bytes checked so far.
    public var bytesDone: UInt64
    /// Segment bytes to check.
    public var bytesTotal: UInt64
}
