import AntrainEvents
import AntrainLog

/// Rebuilds every model a state holds into a new generation of its file, and installs it
/// (see ``StateGenerations``): the way of a rebuild that replaces the whole state, where a
/// rebuild inside the file in use would write each page twice (WAL, then checkpoint).
///
/// ```swift
/// let rebuild = GenerationRebuild(generations: generations, log: log, batchSize: batchSize)
/// let summary = try await rebuild.run(StandardModels.all, to: end, progress: nil)
/// // the link now names the new generation: open it to read the state
/// ```
///
/// Until the install, nothing reads the new file: processes answer from the generation in
/// use, and other processes may catch it up meanwhile (their work is simply not kept; the new
/// generation's positions say where it stands, and the next command catches up from there).
/// A failure or a crash before the install leaves the state as it was; the file left behind
/// is removed by the next install.
struct GenerationRebuild {
    let generations: StateGenerations
    let log: any LogReader
    var batchSize = EventBatchReader.defaultBatchSize

    /// Folds every event before `stop` into new state of `models` and installs it; returns
    /// what was decoded.
    func run(_ models: [any KeyedReadModel.Type], to stop: UInt64,
             progress: (@Sendable (ReplayProgress) -> Void)?) async throws -> ReplaySummary {
        let generation = try generations.begin()
        do {
            let building = try SQLiteStateStore(building: generation.path)
            var parallel = ParallelRebuild(store: building, log: log)
            parallel.batchSize = batchSize
            let summary = try await parallel.run(models, to: stop, progress: progress).summary
            try building.seal()
            try generations.install(generation)
            return summary
        } catch {
            generations.abandon(generation)
            throw error
        }
    }
}
