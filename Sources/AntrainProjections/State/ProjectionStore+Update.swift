import AntrainEvents
import AntrainLog
import Foundation

/// The catch-up and the rebuild: a look without the lock, the rebuilds, then the fold decided
/// and written under the lock (see ``CatchUpPlan``).
extension ProjectionStore {
    /// How often a catch-up starts over when another process changed the state between its
    /// look and its write, before it folds into a copy in memory instead (always right, not
    /// saved). Each start over finds the other process's work done; more than one is rare.
    static let attempts = 4

    /// What a catch-up has done so far, across its attempts.
    struct Progress {
        /// The models this catch-up rebuilt, with the reason.
        var rebuilt: [String: String] = [:]
        var summary = ReplaySummary()
    }

    /// Thrown inside a transaction whose plan, made again under the lock, no longer matches
    /// the one the work was started on: the catch-up starts over.
    struct PlanChanged: Error {}

    func update(_ log: any LogReader, rebuilding asked: Set<String>,
                progress report: (@Sendable (ReplayProgress) -> Void)?) async throws -> StateCatchUpReport {
        var done = Progress()
        for _ in 0..<Self.attempts {
            let opened = try stores()
            guard let store = opened.writable else { break }
            do {
                if let answer = try await update(store, generation: opened.generation, saved: true, log: log,
                                                 asked: asked.subtracting(done.rebuilt.keys), done: &done, progress: report) {
                    return answer
                }
            } catch let error as StateStoreError where error.isUnwritable {
                // The file could not be written after all (read-only storage, or another process
                // held the write lock too long): answer from a copy in memory.
                Self.trace("unwritable: \(error)")
                break
            } catch let error as StateStoreError where error.isDamage {
                // A page failed its checksum (or SQLite found the file malformed): the file is
                // set aside, and the next attempt rebuilds the state from the log.
                try backend.setAside(error)
                done.rebuilt.removeAll()
            }
        }
        let opened = try stores()
        Self.trace("answering from a copy in memory (writable \(opened.writable != nil), readable \(opened.readable != nil))")
        let copy = try (opened.writable ?? opened.readable)?.temporaryCopy() ?? backend.makeTemporaryStore()
        for _ in 0..<Self.attempts {
            if let answer = try await update(copy, generation: nil, saved: false, log: log,
                                             asked: asked.subtracting(done.rebuilt.keys), done: &done, progress: report) {
                return answer
            }
        }
        throw StateStoreError(path: path, message: "the state kept changing under a copy in memory, which nothing else writes")
    }

    /// One attempt on `store` (the file's generation `generation`, or a copy when `saved` is
    /// false); nil when another process changed the state meanwhile and it must start over.
    private func update(_ store: any MaintainedStateStore, generation: String?, saved: Bool, log: any LogReader, asked: Set<String>,
                        done: inout Progress, progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> StateCatchUpReport? {
        let models = models
        let look = try store.read { state in
            try CatchUpPlan.make(models, asked: asked, state: state, log: log, endNow: { try log.currentEnd() })
        }
        if look.isCurrent { return report(store, look, done, saved: saved) }
        Self.trace("look at \(look.end.nextOffset): behind \(look.behind.map { "\($0.type.name)@\($0.position.offset)" }), "
            + "rebuild \(look.rebuild.map { "\($0.type.name): \($0.reason)" })")

        if !look.rebuild.isEmpty {
            let names = Set(look.rebuild.map { $0.type.name })
            if saved, look.stored.isSubset(of: names) {
                // Every model the state holds is rebuilt: a new generation of the file replaces it,
                // caught up to the log's end under the install's lock; the next attempt reopens on it.
                var caughtUp = ReplaySummary()
                done.summary.merge(try await backend.replace({ building in
                    try await self.rebuild(look.rebuild.map { $0.type }, into: building, log: log, stop: .offset(look.end.nextOffset),
                                           progress: progress)
                }, finishing: { fresh in
                    if case let .caughtUp(_, folded) = try self.catchUpUnderLock(fresh, log: log) { caughtUp = folded }
                }))
                done.summary.merge(caughtUp)
                for model in look.rebuild { done.rebuilt[model.type.name] = model.reason }
                return nil
            }
            // Some models, in the file in use: the rebuild's transaction decides its stop, and
            // gives up when another process rebuilt them first.
            let stop = ParallelRebuild.Stop.decidedUnderLock { state in
                let plan = try CatchUpPlan.make(models, asked: asked, state: state, log: log, endNow: { try log.currentEnd() })
                guard names.isSubset(of: plan.rebuild.map { $0.type.name }) else { throw PlanChanged() }
                return plan.end.nextOffset
            }
            do {
                let rebuilt = try await inUse(generation, saved: saved) {
                    let summary = try await self.rebuild(look.rebuild.map { $0.type }, into: store, log: log, stop: stop, progress: progress)
                    if saved {
                        try? store.checkpoint()
                        _ = try? store.compactIfSparse()  // a best effort: a full disk leaves the file as it is, whole
                    }
                    return summary
                }
                guard let rebuilt else { return nil }
                done.summary.merge(rebuilt)
                for model in look.rebuild { done.rebuilt[model.type.name] = model.reason }
            } catch is PlanChanged {
                return nil
            }
        }

        // On a thread of its own: the write lock it waits for may be held by work of this
        // process that needs the cooperative pool to finish (``WaitingThread``).
        let outcome = try await WaitingThread.run { [self] in
            try self.inUse(generation, saved: saved, { try self.catchUpUnderLock(store, log: log) })
        }
        guard let outcome, case let .caughtUp(plan, folded) = outcome else { return nil }
        done.summary.merge(folded)
        return report(store, plan, done, saved: saved)
    }

    /// What a catch-up decided, at debug level on the projections' logger (`--verbose` in the CLI).
    static func trace(_ line: @autoclosure () -> String) {
        ProjectionsLogging.state.debug("\(line())", metadata: ["pid": "\(getpid())"])
    }

    /// What ``catchUpUnderLock(_:log:)`` did.
    enum LockedCatchUp: Sendable {
        /// Folded what the plan made under the lock asked for.
        case caughtUp(CatchUpPlan, ReplaySummary)
        /// The state needs a rebuild it did not need at the look: start over.
        case mustRebuild
    }

    /// In one write transaction: the plan made again with the positions and the log's end read
    /// under the lock, and the fold of every model behind, from its stored position to that end.
    func catchUpUnderLock(_ store: any KeyedStateStore, log: any LogReader) throws -> LockedCatchUp {
        let models = models
        let batchSize = batchSize
        return try store.write { state in
            let plan = try CatchUpPlan.make(models, asked: [], state: state, log: log, endNow: { try log.currentEnd() })
            Self.trace("under the lock at \(plan.end.nextOffset): behind \(plan.behind.map { "\($0.type.name)@\($0.position.offset)" }), "
                + "rebuild \(plan.rebuild.map { "\($0.type.name): \($0.reason)" })")
            guard plan.rebuild.isEmpty else { return .mustRebuild }
            var sequential = SequentialFold()
            sequential.batchSize = batchSize
            return .caughtUp(plan, try sequential.run(plan.behind, log: log, to: plan.end.nextOffset, in: state))
        }
    }

    /// Rebuilds `rebuilding` into `store` with the parallel lanes.
    private func rebuild(_ rebuilding: [any KeyedReadModel.Type], into store: any KeyedStateStore, log: any LogReader,
                         stop: ParallelRebuild.Stop, progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> ReplaySummary {
        var parallel = ParallelRebuild(store: store, log: log)
        parallel.batchSize = batchSize
        return try await parallel.run(rebuilding, stop: stop, progress: progress).summary
    }

    /// Runs `body`, which writes `generation`, while the link names it (see
    /// ``StateBackend/whileInUse(_:_:)``); a copy in memory needs no lock.
    private func inUse<Result>(_ generation: String?, saved: Bool, _ body: () throws -> Result) throws -> Result? {
        saved ? try backend.whileInUse(generation, body) : try body()
    }

    private func inUse<Result>(_ generation: String?, saved: Bool, _ body: () async throws -> Result) async throws -> Result? {
        saved ? try await backend.whileInUse(generation, body) : try await body()
    }

    /// The report of a catch-up whose last plan was `plan`.
    private func report(_ store: any MaintainedStateStore, _ plan: CatchUpPlan, _ done: Progress, saved: Bool) -> StateCatchUpReport {
        let behind = Dictionary(plan.behind.map { ($0.type.name, $0.position) }, uniquingKeysWith: { first, _ in first })
        let starts = models.map { model -> StateStart in
            if let reason = done.rebuilt[model.name] { return StateStart(name: model.name, kind: .rebuilt(reason: reason)) }
            if let position = behind[model.name] { return StateStart(name: model.name, kind: .caughtUp(from: position)) }
            return StateStart(name: model.name, kind: .current)
        }
        return StateCatchUpReport(store: store, starts: starts, summary: done.summary, end: plan.end.nextOffset, saved: saved)
    }
}
