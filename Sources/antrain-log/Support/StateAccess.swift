import AntrainEvents
import AntrainLog
import AntrainProjections

/// Brings the read models a query needs up to date in the log's state store, or folds them
/// afresh as of a moment of the past (`--as-of`), and hands back the store to answer from.
///
/// Only the models passed are caught up, so a query pays for what it reads. The log is opened
/// read-only: queries take no lock on the log and run beside a writer. A catch-up saves what
/// it folded (only the keys the new events touched), so the next query starts from there; on
/// read-only storage it answers from a copy in memory instead.
enum StateAccess {
    /// The read models' state of the log in `logDirectory`, for `models`: the one place the
    /// CLI opens it (SQLite files in `projections/` there); every command reads and catches
    /// up through the ``ProjectionStore`` it returns.
    static func projections(_ models: [any KeyedReadModel.Type], logDirectory: String) throws -> ProjectionStore {
        try ProjectionStore(backend: SQLiteStateBackend(logDirectory: logDirectory), models: models)
    }

    /// `models` caught up with `log`, whose state is kept in `logDirectory`: the store to read.
    static func caughtUp(_ models: [any KeyedReadModel.Type], log: any LogReader, logDirectory: String) async throws -> any KeyedStateStore {
        try await projections(models, logDirectory: logDirectory).catchUp(log).store
    }

    /// The store holding `models` as of the log's end, or as of `point`.
    static func store(_ models: [any KeyedReadModel.Type], logDirectory: String,
                      asOf point: TimeTravelPoint? = nil) async throws -> any KeyedStateStore {
        let log = try await LogAccess.openForReading(logDirectory)
        do {
            let store: any KeyedStateStore
            if let point {
                store = try await ProjectionStore.travel(models, in: log, to: point)
            } else {
                let report = try await projections(models, logDirectory: logDirectory).catchUp(log)
                store = report.store
                // The answer reads the state, not the log: damage in the log must still be told.
                if let damage = log.damageNotice(endingAt: report.end) { warn(damage, logDirectory: logDirectory) }
            }
            try await log.close()
            return store
        } catch {
            try? await log.close()
            throw error
        }
    }

    /// Tells on standard error that the log an answer comes from is damaged.
    static func warn(_ damage: Damage, logDirectory: String) {
        let directory = shellQuoted(logDirectory)
        Output.error("warning: the log is damaged (\(damage)); this answer comes from the read models' state, which reflects "
            + "the events stored before the damage was found")
        Output.error("fix: run antrain-log verify --log-dir \(directory) to see the damage, then antrain-log repair --log-dir \(directory)")
    }

    /// The library that names in a query resolve against: the present one, also for an answer
    /// as of the past (`--as-of`), since people name exercises as they are called now and a
    /// log's past may predate its library (`store`, time-travelled, would not know the name).
    static func library(for store: any KeyedStateStore, asOf point: TimeTravelPoint?, logDirectory: String) async throws -> Library {
        guard point != nil else { return Library(store) }
        return Library(try await Self.store(Library.models, logDirectory: logDirectory))
    }

    /// Where answers read back the ids the state leaves in the log (see ``EventLookup``): the
    /// log opened read-only, which takes no lock.
    static func events(logDirectory: String) async throws -> EventLookup {
        EventLookup(log: try await LogAccess.openForReading(logDirectory))
    }
}
