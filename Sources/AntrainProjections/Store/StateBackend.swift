/// Where a ``ProjectionStore`` keeps its read models' state: opening it, replacing it whole
/// for a rebuild, keeping it in shape, and setting damaged state aside.
///
/// ```swift
/// let backend = SQLiteStateBackend(logDirectory: path)     // LOG_DIR/projections/state.sqlite
/// let projections = try ProjectionStore(backend: backend, readModels: [WeeklyWeighIns.self])
/// let report = try await projections.catchUp(log)          // any LogReader
/// ```
///
/// The read models only ever see ``KeyedStateStore`` (transactions of keyed reads and
/// writes); the catch-up, the rebuild, time travel and the answer from a copy in memory only
/// see this protocol, so another storage (PostgreSQL beside a server log, memory in tests)
/// fills it without touching them. ``SQLiteStateBackend`` is the first implementation.
///
/// A backend may keep its state in generations: a rebuild of every model writes a new one
/// while processes go on answering from the one in use, then installs it
/// (``replace(_:finishing:)``); a store opened on a generation is opened again once another
/// is installed (``currentGeneration()``). A backend without generations answers nil.
public protocol StateBackend: Sendable {
    /// Where the state is, for messages: a path, a URL, a name.
    var location: String { get }

    /// Opens the state in use: for writing when it can be written, else for reading (or
    /// nothing, when there is no state yet and none can be made). Damaged state throws a
    /// ``StateStoreError`` whose ``StateStoreError/isDamage`` is true.
    func open() throws -> OpenedState

    /// The generation in use now, nil when the backend keeps none: a store opened on
    /// another generation is stale.
    func currentGeneration() -> String?

    /// Runs `body`, which writes the generation `generation`, only while that generation
    /// stays in use (no other is installed meanwhile); nil without running it otherwise.
    func whileInUse<Result>(_ generation: String?, _ body: () throws -> Result) throws -> Result?

    /// ``whileInUse(_:_:)`` for work that waits (a rebuild of some models in the state in use).
    func whileInUse<Result>(_ generation: String?, _ body: () async throws -> Result) async throws -> Result?

    /// Writes a new state with `build`, from nothing, and puts it in place of the one in use:
    /// the way of a rebuild of every model. `finishing` runs on the new state once no process
    /// writes the old one, before the new one is in use (a catch-up to the log's end there).
    /// A failure leaves the state in use as it was.
    func replace<Result>(_ build: (any MaintainedStateStore) async throws -> Result,
                         finishing: (any MaintainedStateStore) throws -> Void) async throws -> Result

    /// Sets aside the damaged state `error` came from (or the state in use, when it names
    /// none), deleting nothing; the next open finds no state and the models are rebuilt.
    /// Returns where it went, nil when that state is no longer in use.
    @discardableResult
    func setAside(_ error: StateStoreError) throws -> String?

    /// A new, empty store that lives in this process only: time travel, and answers when
    /// the state cannot be written.
    func makeTemporaryStore() throws -> any MaintainedStateStore
}

/// The stores of the state in use, as ``StateBackend/open()`` found it.
public struct OpenedState: Sendable {
    /// The store written; nil when the state cannot be written (then catch-ups work on a copy).
    public var writable: (any MaintainedStateStore)?
    /// The store read when nothing can be written: the state as it is, or nothing.
    public var readable: (any MaintainedStateStore)?
    /// The generation they are open on (nil: the backend keeps none).
    public var generation: String?

    /// The stores from their parts.
    public init(writable: (any MaintainedStateStore)?, readable: (any MaintainedStateStore)?, generation: String?) {
        self.writable = writable
        self.readable = readable
        self.generation = generation
    }
}

/// A ``KeyedStateStore`` a backend keeps in shape: after a rebuild, and when a copy in memory
/// has to answer.
public protocol MaintainedStateStore: KeyedStateStore {
    /// Folds what a write-ahead log holds back into the main store, where the backend has one.
    func checkpoint() throws
    /// Gives space back when much of the store is free after a rebuild; whether it did.
    @discardableResult
    func compactIfSparse() throws -> Bool
    /// The bytes the state takes in its storage (`rebuild` reports it).
    func sizeInBytes() throws -> Int
    /// A copy of the whole state that lives in this process only.
    func temporaryCopy() throws -> any MaintainedStateStore
}
