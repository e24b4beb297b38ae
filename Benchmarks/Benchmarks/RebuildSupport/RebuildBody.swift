// What R0, R1 and R2 measure, run by the RebuildRunner executable in a process of its own.
import AntrainEvents
import AntrainProjections
import Foundation
import SystemPackage

/// One measured rebuild of a fixture directory (`log/` and `events.sqlite`, see
/// RebuildFixtures), named on RebuildRunner's command line.
public enum RebuildBody: String, CaseIterable, Sendable {
    /// R0: read, decompress and decode every record, with no projection.
    case read
    /// R1: every standard projection rebuilt from the log.
    case antrain
    /// R2: the same projections fed from SQLite rows of JSON, decoded with JSONDecoder.
    case sqlite

    /// What a rebuild gave: the events it decoded, and the projections it built, which the
    /// runner holds until it exits (freeing read models of millions of sets, object by
    /// object, is not part of a rebuild and took a tenth of its time).
    public struct Outcome: Sendable {
        /// Events decoded.
        public var events: Int
        /// The projections, as rebuilt.
        public var projections: [any ProjectionHost]
    }

    /// Runs the rebuild on the fixture in `directory`.
    public func run(directory: String) async throws -> Outcome {
        switch self {
        case .read:
            let log = try await EventLog.open(at: FilePath(directory + "/log"), mode: .readOnly)
            return Outcome(events: try await ProjectionRunner(log: log, projections: []).rebuild().summary.decoded, projections: [])
        case .antrain:
            let log = try await EventLog.open(at: FilePath(directory + "/log"), mode: .readOnly)
            let standard = LegacyStandardProjections()
            let events = try await ProjectionRunner(log: log, projections: standard.all).rebuild().summary.decoded
            // The exercise stats are worked out from the records' sets, not folded: that is
            // part of rebuilding them, so it is measured too.
            let totals = await standard.personalRecords.read { $0.exerciseTotals() }
            guard !totals.allStatistics().isEmpty else { throw BenchmarkFixtureError("the rebuild found no exercise trained") }
            return Outcome(events: events, projections: standard.all)
        case .sqlite:
            return try await Self.rebuildFromSQLite(directory + "/events.sqlite")
        }
    }

    /// The peer: a GRDB cursor over the rows in pages of the runner's batch size, each
    /// payload decoded with `JSONDecoder`, each page applied to the same projections
    /// concurrently while the next page is read and decoded, as the runner overlaps them:
    /// only the storage and the decoding differ.
    private static func rebuildFromSQLite(_ path: String) async throws -> Outcome {
        let store = try JSONEventStore(path: path)
        let projections = makeAllProjections()
        let decoder = JSONDecoder()
        var next: UInt64 = 0
        var applied = 0
        var applying: Task<Void, Never>?
        while true {
            let page = try store.page(from: next, limit: ProjectionRunner.defaultBatchSize, decoder: decoder)
            guard let last = page.last else { break }
            next = last.offset + 1
            applied += page.count
            let batch = EventBatch(events: page, end: LogPosition(offset: next, chainHash: .zero))
            await applying?.value
            applying = Task {
                await withTaskGroup(of: Void.self) { group in
                    for projection in projections { group.addTask { await projection.apply(batch) } }
                }
            }
        }
        await applying?.value
        try store.close()
        return Outcome(events: applied, projections: projections)
    }
}

/// A benchmark whose fixture, or what a rebuild of it built, is not what it should be.
public struct BenchmarkFixtureError: Error, CustomStringConvertible {
    /// What is wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// One projection of every standard read model, fresh (at the start of the log).
public func makeAllProjections() -> [any ProjectionHost] {
    LegacyStandardProjections().all
}

/// The peak resident memory of this process, from Linux's VmHWM.
public enum PeakResidentMemory {
    /// Megabytes of the peak (VmHWM), or 0 where /proc has none.
    public static func megabytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}
