import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation

/// R2, the peer of the rebuild: the same events as JSON rows in SQLite, read with a GRDB
/// cursor in pages of the rebuild's batch size and decoded with `JSONDecoder`
/// (`EventCatalog.decodeJSON`), folded by the same keyed models and saved the same way
/// (``BatchRebuild``: one fold per model, the writer thread, one transaction, into a new
/// generation of the state file). Only where the events come from and how they are decoded
/// differ.
///
/// The state goes to `FIXTURE/peer/state.sqlite` (a link to its generation), a store of its own: a position the peer
/// writes has no chain hash, so it must not land in the log's store. The log is opened only
/// for what the state leaves in it (the ids a fold reads back when a workout it wrote out
/// comes back, see `EventLookup`), as R1 does.
struct PeerRebuild {
    /// Events per page: the rebuild's batch size (`EventBatchReader.defaultBatchSize`).
    static let batchSize = 4_096

    let directory: String
    let log: EventLogReader

    func run() async throws -> RebuildBody.Outcome {
        let rows = try JSONEventStore(path: directory + "/events.sqlite")
        let folder = directory + "/peer"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let decoder = JSONDecoder()
        var next: UInt64 = 0
        let rebuild = BatchRebuild(stateDirectory: folder, events: EventLookup(log: log))
        let events = try await rebuild.run {
            let page = try rows.page(from: next, limit: Self.batchSize, decoder: decoder)
            guard let last = page.last else { return nil }
            next = last.offset + 1
            return EventBatch(events: page, end: LogPosition(offset: next, chainHash: .zero))
        }
        try rows.close()
        return RebuildBody.Outcome(events: events, stateBytes: RebuildBody.size(of: folder + "/state.sqlite"))
    }
}
