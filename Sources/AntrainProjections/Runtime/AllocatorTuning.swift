import CMalloc

/// Settings of the C allocator for a process that rebuilds read models: call
/// ``forReadModels()`` once, before the rebuild.
///
/// ```swift
/// AllocatorTuning.forReadModels()        // in main, or before a rebuild
/// let report = try await ProjectionStore(logDirectory: directory, models: models).rebuild(log)
/// ```
///
/// A rebuild reads millions of events in batches and folds them on lanes of other threads,
/// each lane growing its working set of keyed values until it writes cold keys out. With
/// glibc's defaults every block past 128 KiB (and, as its threshold adapts, past a few MiB)
/// gets pages mapped afresh, and the one it replaces is unmapped: each new batch buffer or
/// grown table faults in and zeroes every page again, and the heap is trimmed back as soon
/// as the top is free. With these settings blocks up to 32 MiB come from the heap, freed
/// space is reused instead of returned, and the heap grows 64 MiB at a time. Threads' heaps
/// glibc reserves 64 MiB at a time and makes writable as they fill, one `mprotect` call per
/// growth (each taking the process's memory map lock that page faults need too); a pad of a
/// whole such heap makes each writable at once. The memory kept is at most what the process
/// already used, so this suits a command-line tool or a batch job; a long-lived app that
/// holds little after its rebuilds may prefer the defaults. It changes nothing on other C
/// libraries.
public enum AllocatorTuning {
    /// The largest block served from the heap rather than mapped on its own: glibc's maximum.
    static let mmapThreshold: Int32 = 32 << 20
    /// Free space at the heap's top kept rather than returned to the system.
    static let trimThreshold: Int32 = 1 << 30
    /// Extra space asked of the system each time the heap grows: glibc's largest thread
    /// heap (`HEAP_MAX_SIZE`, 64 MiB on 64-bit systems), so that a new one is writable whole.
    static let topPad: Int32 = 64 << 20

    /// Applies the settings to the whole process; calling it again changes nothing.
    public static func forReadModels() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        _ = mallopt(M_TRIM_THRESHOLD, trimThreshold)
        _ = mallopt(M_TOP_PAD, topPad)
        #endif
    }
}
