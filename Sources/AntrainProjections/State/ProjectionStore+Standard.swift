import AntrainEvents

extension ProjectionStore {
    /// The store of every standard model (``StandardModels``) of the log in `logDirectory`, as
    /// `antrain-log` keeps it: for code outside this package (the benchmarks), which cannot
    /// name the standard models themselves (their types are not public).
    ///
    /// ```swift
    /// let store = try ProjectionStore(standardModelsOf: path)
    /// let report = try await store.rebuild(log)      // every model, saved
    /// ```
    public convenience init(standardModelsOf logDirectory: String) throws {
        try self.init(logDirectory: logDirectory, models: StandardModels.all)
    }
}
