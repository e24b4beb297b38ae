import AntrainEvents
import AntrainLog

/// The store as an app opens it: the standard read models, by the names `rebuild` knows.
extension ProjectionStore {
    /// The store of the log in `logDirectory`, keeping the standard read models named
    /// (``StandardModels/names``; the names of earlier builds too), or all of them.
    ///
    /// ```swift
    /// let log = try await EventLog.openReadOnly(at: FilePath(path))
    /// let report = try await ProjectionStore(logDirectory: path, readModels: ["training"]).catchUp(log)
    /// let latest = try WorkoutHistory(report.store, events: EventLookup(log: log)).summaries(limit: 20)
    /// ```
    public convenience init(logDirectory: String, readModels names: [String]? = nil) throws {
        try self.init(logDirectory: logDirectory, models: try StandardModels.models(named: names))
    }

    /// The state of the standard read models named (or all of them) as of a point in the
    /// log's past, folded from the start of the log into a store in memory: the stored state
    /// is neither read nor written, so it costs a rebuild of those models up to the point.
    public static func travel(readModels names: [String]? = nil, in log: any LogReader,
                              to point: TimeTravelPoint) async throws -> SQLiteStateStore {
        try await travel(try StandardModels.models(named: names), in: log, to: point)
    }
}

extension StandardModels {
    /// The models of `names` (current or earlier names, each model once, in the standard
    /// order), or all of them when nil.
    static func models(named names: [String]?) throws -> [any KeyedReadModel.Type] {
        guard let names else { return all }
        let wanted = try Set(names.map { name in
            if let model = all.first(where: { $0.name == name }) { return model.name }
            if let current = renamed[name] { return current }
            throw ProjectionError.unknownProjection(name, known: all.map { $0.name })
        })
        return all.filter { wanted.contains($0.name) }
    }
}
