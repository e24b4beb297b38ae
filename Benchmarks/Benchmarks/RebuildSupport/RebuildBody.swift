// What R0, R1 and R2 measure, run by the RebuildRunner executable in a process of its own.
import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation
import SystemPackage

/// One measured rebuild of a fixture directory (`log/` and `events.sqlite`, see
/// RebuildFixtures), named on RebuildRunner's command line.
public enum RebuildBody: String, CaseIterable, Sendable {
    /// R0: read, decompress and decode every record into batches, with no read model.
    case read
    /// R1: every standard model rebuilt from the log, its state saved in the log's store.
    case antrain
    /// R2: the same keyed fold and the same save, fed from SQLite rows of JSON.
    case sqlite

    /// What a rebuild gave.
    public struct Outcome: Sendable {
        /// Events decoded.
        public var events: Int
        /// Bytes of the state file written (0 for R0, which writes none).
        public var stateBytes: Int
    }

    /// Runs the rebuild on the fixture in `directory`.
    public func run(directory: String) async throws -> Outcome {
        let log = try await EventLog.openReadOnly(at: FilePath(directory + "/log"))
        let outcome: Outcome
        do {
            outcome = try await run(directory: directory, log: log)
        } catch {
            try? await log.close()
            throw error
        }
        try await log.close()
        return outcome
    }

    private func run(directory: String, log: EventLogReader) async throws -> Outcome {
        switch self {
        case .read:
            return Outcome(events: try Self.readAndDecode(log), stateBytes: 0)
        case .antrain:
            // What `antrain-log rebuild` does: every standard model, saved in
            // LOG/projections/state.sqlite (one transaction, then a WAL checkpoint).
            let store = try ProjectionStore(standardModelsOf: directory + "/log")
            let report = try await store.rebuild(log)
            guard report.saved else { throw BenchmarkFixtureError("the rebuilt state was not saved in \(store.path)") }
            return Outcome(events: report.summary.decoded + report.summary.skipped, stateBytes: Self.size(of: store.path))
        case .sqlite:
            return try await PeerRebuild(directory: directory, log: log).run()
        }
    }

    /// R0: the log's blocks decoded into event columns of the rebuild's batch size (4,096
    /// events), as the rebuild's reader does, and dropped.
    private static func readAndDecode(_ log: EventLogReader) throws -> Int {
        var batches = log.makeBatchIterator(ReadFilter())
        var builder = StoredEventBuilder()
        var summary = ReplaySummary()
        var columns = EventColumns()
        while let batch = try batches.nextBatch() {
            try builder.decode(batch, with: .standard, into: &columns, summary: &summary)
            if columns.count >= PeerRebuild.batchSize {
                columns = EventColumns()
                // Stream id strings are shared within a batch only, as in the rebuild's reader.
                builder = StoredEventBuilder()
            }
        }
        return summary.decoded + summary.skipped
    }

    /// The bytes of the file at `path`, through a link (a log's `state.sqlite` names the
    /// generation in use).
    static func size(of path: String) -> Int {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
    }
}

/// A benchmark whose fixture, or what a rebuild of it built, is not what it should be.
public struct BenchmarkFixtureError: Error, CustomStringConvertible {
    /// What is wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
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
