/// When appended data is made durable with fsync.
public enum Durability: Sendable, Equatable {
    /// Return from an append only after its block (and the directory, when a segment was
    /// created) is fsynced. Concurrent appends share one fsync (group commit). The default.
    case everyAppend
    /// Return after the write; fsync at most this many milliseconds later. A crash of the
    /// machine (not of the process) can lose that window.
    case interval(milliseconds: Int)
    /// Never fsync except when sealing a segment and closing. For bulk loads and tests.
    case none
}

/// How a log is opened and written.
public struct LogOptions: Sendable, Equatable {
    /// A segment is sealed and a new one started when the next block would pass this size.
    public var segmentSize: UInt64 = 64 << 20
    /// When appends are fsynced.
    public var durability: Durability = .everyAppend
    /// LZ4 level: 0 is LZ4's fast default; 3 to 12 trade append speed for size (LZ4 HC).
    public var compressionLevel: Int32 = 0
    /// Largest uncompressed block a group commit builds from several appends.
    public var maxGroupBytes: Int = 8 << 20
    /// How many of the log's last events an append's event ids are checked against, W.
    ///
    /// A retried append, or an event id appended twice, is recognised when the earlier events
    /// are among the last W events of the log: the retry returns the original offsets, the
    /// duplicate is refused. Ids stored before them are not checked. The writer keeps the
    /// window's ids in `writer-state.sqlite`, and in memory at most W of them, so memory
    /// does not grow with the log. Default: 100,000 events. A client that may retry much
    /// later should append with an expected stream version, which is always checked.
    public var idempotencyWindow: Int = 100_000

    /// Options with the defaults: 64 MiB segments, fsync on every append, fast LZ4, event
    /// ids checked against the last 100,000 events.
    public init(segmentSize: UInt64 = 64 << 20, durability: Durability = .everyAppend, compressionLevel: Int32 = 0,
                idempotencyWindow: Int = 100_000) {
        self.segmentSize = segmentSize
        self.durability = durability
        self.compressionLevel = compressionLevel
        self.idempotencyWindow = idempotencyWindow
    }
}
