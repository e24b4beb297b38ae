import AntrainEvents

/// The store as an app opens it for read models of its own (docs/PROJECTIONS.md, "Adding a
/// read model").
extension ProjectionStore {
    /// The store of the log in `logDirectory`, keeping `models`: read models of an app's own
    /// (any ``KeyedReadModel``), checked first (``ReadModelError``: a name of its own, keyspaces
    /// of its own). Their state lives in the same file as the standard models', which
    /// `antrain-log` keeps; each model is caught up, rebuilt and queried by itself.
    ///
    /// ```swift
    /// let store = try ProjectionStore(logDirectory: path, readModels: [WeeklyWeighIns.self])
    /// let report = try await store.catchUp(log)     // folds what is new, and saves it
    /// let week = try WeeklyWeights(report.store).week(containing: today)
    /// ```
    public convenience init(logDirectory: String, readModels models: [any KeyedReadModel.Type]) throws {
        try ReadModelRules.check(models)
        try self.init(logDirectory: logDirectory, models: models)
    }
}

extension ProjectionStore {
    /// The store of `models` (an app's own or the standard ones, checked as
    /// `init(logDirectory:readModels:)` checks them), kept by `backend`: SQLite files
    /// (``SQLiteStateBackend``) or any other ``StateBackend``.
    ///
    /// ```swift
    /// let backend = SQLiteStateBackend(logDirectory: path)
    /// let store = try ProjectionStore(backend: backend, readModels: [WeeklyWeighIns.self])
    /// ```
    public convenience init(backend: any StateBackend, readModels models: [any KeyedReadModel.Type]) throws {
        try ReadModelRules.check(models)
        try self.init(backend: backend, models: models)
    }
}
