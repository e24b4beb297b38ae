import AntrainEvents
import AntrainLog
import AntrainPostgres
import AntrainProjections

/// Brings the read models a query needs up to date in the log's state store, or folds them
/// afresh as of a moment of the past (`--as-of`), and hands back the store to answer from.
///
/// Only the models passed are caught up, so a query pays for what it reads. The log is opened
/// read-only: queries take no lock on the log and run beside a writer. A catch-up saves what
/// it folded (only the keys the new events touched), so the next query starts from there; on
/// read-only storage it answers from a copy in memory instead.
enum StateAccess {
    /// Where the read models' state of the log at `place` is kept: the one place the CLI
    /// opens it (SQLite files in the log directory's `projections/`, or the tables beside a
    /// server log); every command reads and catches up through it.
    static func backend(_ place: LogPlace) throws -> any StateBackend {
        switch place {
        case let .directory(directory): return SQLiteStateBackend(logDirectory: directory)
        case let .server(server, name):
            // One per process and log: a command that reads the state twice (a set's lookup,
            // then the recorder's facts) would otherwise connect to the server twice.
            let key = server.description + "\u{0}" + name
            if let open = serverBackends.withLock({ $0[key] }) { return open }
            let opened = try PostgresStateBackend.open(server.configuration, log: name)
            serverBackends.withLock { $0[key] = opened }
            return opened
        }
    }

    /// The server backends this process opened, by server and log.
    private static let serverBackends = Locked<[String: PostgresStateBackend]>([:])

    /// The read models' state of the log at `place`, for `models`.
    static func projections(_ models: [any KeyedReadModel.Type], place: LogPlace) throws -> ProjectionStore {
        try ProjectionStore(backend: backend(place), models: models)
    }

    /// `models` caught up with `log`, whose state is kept at `place`: the store to read.
    static func caughtUp(_ models: [any KeyedReadModel.Type], log: any LogReader, place: LogPlace) async throws -> any KeyedStateStore {
        try await projections(models, place: place).catchUp(log).store
    }

    /// Checks the whole state of the log at `place` without changing it: a directory's file
    /// page by page (``ProjectionStore/verifyState(logDirectory:)``); on a server, where the
    /// server checks its own pages, every standard model's tables read whole.
    static func verifyState(_ place: LogPlace) throws -> StateVerification {
        guard case .server = place else { return try ProjectionStore.verifyState(logDirectory: place.directoryPath!) }
        let backend = try backend(place)
        var check = StateVerification(file: backend.location)
        guard let store = try backend.open().writable else { return check }
        for model in StandardModels.all {
            do {
                try store.read { state in
                    for keyspace in model.keyspaces where try state.exists(keyspace) {
                        _ = try state.entries(in: keyspace, from: nil, below: nil, descending: false, limit: nil)
                    }
                }
            } catch {
                check.damagedModels.append(model.name)
                check.problems.append("\(model.name): \(error)")
            }
        }
        return check
    }

    /// Sets aside the damaged state `error` came from, of the log at `place`.
    static func setAside(damaged error: StateStoreError, place: LogPlace) throws {
        switch place {
        case let .directory(directory): try ProjectionStore.setAside(damaged: error, logDirectory: directory)
        case .server: try backend(place).setAside(error)
        }
    }

    /// The store holding `models` as of the log's end, or as of `point`.
    static func store(_ models: [any KeyedReadModel.Type], place: LogPlace,
                      asOf point: TimeTravelPoint? = nil) async throws -> any KeyedStateStore {
        let log = try await LogAccess.openForReading(place)
        do {
            let store: any KeyedStateStore
            if let point {
                store = try await ProjectionStore.travel(models, in: log, to: point)
            } else {
                let report = try await projections(models, place: place).catchUp(log)
                store = report.store
                // The answer reads the state, not the log: damage in the log must still be told.
                if let damage = log.damageNotice(endingAt: report.end) { warn(damage, place: place) }
            }
            if case .server = place {
                // Kept for the answer's lookups of ids in the log (``events(place:)``), which
                // would otherwise connect to the server again; the process's end closes it.
                readLogs.withLock { $0[place.description] = log }
            } else {
                try await log.close()
            }
            return store
        } catch {
            try? await log.close()
            throw error
        }
    }

    /// Tells on standard error that the log an answer comes from is damaged.
    static func warn(_ damage: Damage, place: LogPlace) {
        Output.error("warning: the log is damaged (\(damage)); this answer comes from the read models' state, which reflects "
            + "the events stored before the damage was found")
        Output.error("fix: run antrain-log verify \(place.options) to see the damage, then antrain-log repair \(place.options)")
    }

    /// The library that names in a query resolve against: the present one, also for an answer
    /// as of the past (`--as-of`), since people name exercises as they are called now and a
    /// log's past may predate its library (`store`, time-travelled, would not know the name).
    static func library(for store: any KeyedStateStore, asOf point: TimeTravelPoint?, place: LogPlace) async throws -> Library {
        guard point != nil else { return Library(store) }
        return Library(try await Self.store(Library.models, place: place))
    }

    /// Where answers read back the ids the state leaves in the log (see ``EventLookup``): the
    /// log opened read-only, which takes no lock.
    static func events(place: LogPlace) async throws -> EventLookup {
        if let open = readLogs.withLock({ $0[place.description] }) { return EventLookup(log: open) }
        return EventLookup(log: try await LogAccess.openForReading(place))
    }

    /// Server logs a query opened to catch its models up, by place: its lookups read them.
    private static let readLogs = Locked<[String: any LogReader]>([:])
}
