import Foundation

/// What the writer's state did in this process: for tests and diagnostics.
package struct WriterStateStatistics: Sendable, Equatable {
    /// Records of the log read by the last load (or rebuild): 0 when the saved state was current.
    package var recordsScanned = 0
    /// Why the state was last started over from the log's first record; nil when it was not.
    package var rebuildReason: String?
    /// Ids looked up in the persisted window, one query each.
    package var idQueries = 0
    /// Whether the persisted window has been loaded into memory (after many queries).
    package var windowLoaded = false
    /// Event ids held in memory.
    package var idsInMemory = 0
    /// Streams held in memory.
    package var streamsInMemory = 0
    /// Saves written, and saves that failed (to be tried again later).
    package var saves = 0, failedSaves = 0
    /// Whether the state lives in memory only, its file could not be written.
    package var inMemoryOnly = false
}

/// What the writer knows of the log to check appends: each stream's version and the ids of
/// the log's last W events (W: ``LogOptions/idempotencyWindow``).
///
/// Persisted in `writer-state.sqlite` (see ``WriterStateStore``), so that the first append of
/// a process reads only the records appended since the last save. In memory it holds only
/// what this process touched: the streams it checked (filled by point queries, "no such
/// stream" included) and the ids it appended, at most W of them. The persisted window is
/// queried id by id, until a process has asked for thousands (a bulk import): then it is
/// loaded once, and queries stop.
struct WriterState {
    /// A stream's version as known to this process.
    struct StreamEntry: Equatable {
        /// nil: the stream has no events.
        var version: UInt64?
        /// Whether it changed since the last save.
        var changed: Bool
    }

    /// After this many queries of the persisted window, the window is loaded into memory.
    static let queriesBeforeLoadingWindow = 4096
    /// A save leaves at most this many streams in memory (all saved, so they can be dropped).
    static let maxStreamsInMemory = 65_536

    private(set) var store: WriterStateStore
    /// W: how many of the log's last events are checked for retries and duplicate ids.
    let window: UInt64
    /// The log the state derives from: a store that fails is rebuilt from it.
    private let directory: LogDirectory
    private let cache: SealedIndexCache
    private var streams: [String: StreamEntry] = [:]
    private var recent = RecentEventIDs()
    /// The end of the log: the offset after the last committed record and that block's hash.
    private(set) var end: StatePosition
    /// Where the last save left the store.
    private var saved: StatePosition
    /// Memory holds every id of the window stored at or after this offset; before it, the
    /// store must be asked. Once it is at or before the window's start, the store never is.
    private var memoryFrom: UInt64
    private var statistics: WriterStateStatistics
    /// Set when the store failed a query even after it was rebuilt: the writer then drops
    /// the state, and loads it afresh for the next append.
    private(set) var failed = false

    /// A state whose store reflects the log of `directory` up to `position`, its end.
    init(store: WriterStateStore, position: StatePosition, window: UInt64, directory: LogDirectory, cache: SealedIndexCache,
         statistics: WriterStateStatistics) {
        self.store = store
        self.window = window
        self.directory = directory
        self.cache = cache
        end = position
        saved = position
        memoryFrom = position.offset
        self.statistics = statistics
        self.statistics.inMemoryOnly = store.path == nil
    }

    /// The first offset of the window: ids stored before it are no longer checked.
    var windowStart: UInt64 { end.offset > window ? end.offset - window : 0 }

    /// What the state did so far.
    var currentStatistics: WriterStateStatistics {
        var current = statistics
        current.idsInMemory = recent.count
        current.streamsInMemory = streams.count
        return current
    }

    /// The version of `stream` (nil: no such stream): from memory or, the first time this
    /// process asks, from the store.
    mutating func version(of stream: String) throws(LogError) -> UInt64? {
        if let entry = streams[stream] { return entry.version }
        let version = try query { try $0.version(of: stream) }
        streams[stream] = StreamEntry(version: version, changed: false)
        return version
    }

    /// The entry of `stream` in memory, to restore it on undo.
    func streamEntry(_ stream: String) -> StreamEntry? { streams[stream] }

    /// Puts back an entry saved by ``streamEntry(_:)``.
    mutating func restore(_ entry: StreamEntry?, of stream: String) { streams[stream] = entry }

    /// Records the new version of `stream`, to be saved.
    mutating func setVersion(_ version: UInt64, of stream: String) {
        streams[stream] = StreamEntry(version: version, changed: true)
    }

    /// Where `id` is stored, when that is among the log's last W events or in the block
    /// being built; nil otherwise.
    mutating func storedOffset(of id: UUID) throws(LogError) -> UInt64? {
        if let offset = recent[id] { return offset }
        let windowStart = windowStart
        guard memoryFrom > windowStart else { return nil }
        statistics.idQueries += 1
        // A row older than the window may linger until the next save deletes it.
        guard let offset = try query({ try $0.offset(of: id) }), offset >= windowStart, offset < memoryFrom else { return nil }
        return offset
    }

    /// Adds the id of a record laid out in the block being built.
    mutating func add(_ id: UUID, offset: UInt64) { recent.append(id, offset: offset) }

    /// Takes back the newest id added (the undo of a block that could not be written).
    mutating func removeNewestID() { recent.removeLast() }

    /// Called before `count` more ids are checked: a process that has asked the store for
    /// thousands of ids (a bulk import) loads the persisted window into memory once, and asks
    /// no more. A failed load is no error: the queries go on.
    mutating func prepare(forIDs count: Int) {
        guard memoryFrom > windowStart, statistics.idQueries + count > Self.queriesBeforeLoadingWindow,
              let older = try? store.ids(in: windowStart..<memoryFrom)
        else { return }
        recent.prepend(older)
        memoryFrom = windowStart
        statistics.windowLoaded = true
    }

    /// After a block was written: the log now ends at `position`, and ids that fell out of
    /// the window are forgotten.
    mutating func committed(_ position: StatePosition) {
        end = position
        recent.evict(before: windowStart)
    }

    /// Writes what changed since the last save in one transaction: the streams changed, the
    /// ids appended that are still in the window, the deletion of window rows older than the
    /// window, and the new position. A failure is counted and changes nothing: the next save
    /// writes everything since the last one that succeeded.
    @discardableResult
    mutating func save() -> Bool {
        guard saved != end else { return true }
        var changes = StateChanges(windowStart: windowStart, position: end)
        for (stream, entry) in streams where entry.changed {
            if let version = entry.version { changes.streams.append((stream, version)) }
        }
        changes.ids = recent.entries(from: max(saved.offset, windowStart))
        do {
            try store.write(changes)
        } catch {
            statistics.failedSaves += 1
            // A damaged file would fail every save: rebuild it (which saves, too). Any other
            // failure (a full disk, say) may pass: the next save tries again.
            if WriterStateStore.isDamage(error) { try? rebuildStore(because: "a save failed (\(error))") }
            return false
        }
        for (stream, _) in changes.streams { streams[stream]?.changed = false }
        // Every stream in memory is saved now: forget them all when they are many (a bulk
        // import), so memory follows what the process touches lately, not all it touched.
        if streams.count > Self.maxStreamsInMemory { streams.removeAll() }
        saved = end
        statistics.saves += 1
        return true
    }

    /// Closes the store.
    func close() { store.close() }

    /// Runs a query; when it fails (a file damaged past what opening checks), rebuilds the
    /// store from the log and runs it again, so that the append asking does not fail.
    private mutating func query<T>(_ body: (WriterStateStore) throws -> T) throws(LogError) -> T {
        // Not `try?`: an answer may be nil (no such stream), which is no failure.
        if case let .success(answer) = Result(catching: { try body(store) }) { return answer }
        do {
            try rebuildStore(because: "a query of the state failed")
            return try body(store)
        } catch {
            failed = true
            if let error = error as? LogError { throw error }
            throw .io(operation: "reading the writer's state (\(error))", path: store.path ?? "(memory)", errno: .ioError)
        }
    }

    /// Replaces the store by a new one rebuilt from the log up to `end`. What memory holds
    /// stays valid: it derives from the same log.
    private mutating func rebuildStore(because reason: String) throws(LogError) {
        store.close()
        let (fresh, _, problem) = try WriterStateStore.open(directory, discard: reason)
        store = fresh
        statistics.recordsScanned = try Self.catchUp(fresh, from: .start, to: end, window: window, reset: false,
                                                     directory: directory, cache: cache)
        statistics.rebuildReason = problem
        statistics.inMemoryOnly = fresh.path == nil
        saved = end
    }
}
