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

    /// Options with the defaults: 64 MiB segments, fsync on every append, fast LZ4.
    public init(segmentSize: UInt64 = 64 << 20, durability: Durability = .everyAppend, compressionLevel: Int32 = 0) {
        self.segmentSize = segmentSize
        self.durability = durability
        self.compressionLevel = compressionLevel
    }
}

/// Whether a log is opened to write (taking the lock) or only to read.
public enum OpenMode: Sendable, Equatable {
    /// Take the writer lock, recover a torn tail, accept appends.
    case readWrite
    /// Read without locking and without changing any file; may run beside a writer process.
    case readOnly
}
