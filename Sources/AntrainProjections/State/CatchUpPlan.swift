import AntrainEvents
import AntrainLog

/// What each model's stored state needs to reflect the log up to `end`: nothing, a fold of
/// what came after its position, or a rebuild.
///
/// A plan holds only as long as nothing else writes the state. A catch-up therefore makes one
/// without any lock, to see whether anything is to be done at all (a query of a current state
/// writes nothing), and then again inside the write transaction that folds, with the positions
/// and the log's end read under the lock (see ``ProjectionStore``): what it folds is decided
/// where no other process can move a position between the decision and the write.
struct CatchUpPlan: Sendable {
    /// Models whose state reflects `end` already.
    var current: [any KeyedReadModel.Type] = []
    /// Models to fold from their stored position.
    var behind: [(type: any KeyedReadModel.Type, position: LogPosition)] = []
    /// Models to fold from the start, with the reason in words.
    var rebuild: [(type: any KeyedReadModel.Type, reason: String)] = []
    /// The names of every model the state holds a position for (the file may hold models
    /// this store does not keep).
    var stored: Set<String> = []
    /// The log's end the plan was made against.
    var end: (nextOffset: UInt64, chainHead: ChainHash)

    /// Whether every model reflects `end`.
    var isCurrent: Bool { behind.isEmpty && rebuild.isEmpty }

    /// The plan for `models` on `state`, against the end `endNow` reads: called after the
    /// positions are read, so that the end is at least every stored position that is on this
    /// log (the log only grows, and a position was folded to an end read before it was stored).
    static func make(_ models: [any KeyedReadModel.Type], asked: Set<String>, state: any KeyedStateReading,
                     log: any LogReader, endNow: () throws -> (nextOffset: UInt64, chainHead: ChainHash)) throws -> CatchUpPlan {
        let positions = try state.positions()
        let present = try models.map { model in try model.keyspaces.allSatisfy { try state.exists($0) } }
        var plan = CatchUpPlan(stored: Set(positions.keys), end: try endNow())
        var onLog: [UInt64: LogPosition?] = [:]
        for (model, tablesExist) in zip(models, present) {
            let check = asked.contains(model.name) ? .rebuild(reason: "a rebuild was asked for")
                : try StoredStateCheck.check(positions[model.name], of: model, tablesExist: tablesExist, log: log, end: plan.end,
                                             positions: &onLog)
            switch check {
            case .current: plan.current.append(model)
            case let .behind(position): plan.behind.append((model, position))
            case let .rebuild(reason): plan.rebuild.append((model, reason))
            }
        }
        return plan
    }
}
