import AntrainEvents
import AntrainLog
import AntrainProjections
import BenchmarkSupport
import Foundation
import RebuildSupport
import SystemPackage

/// What R3 measures against: an app holding its log open for writing and its projection
/// store, on a private copy of the 1M fixture (the fixture itself stays as generated, so
/// that R1 and its SQLite peer keep reading the same events).
final class InProcessApp: Sendable {
    let directory: String
    let log: EventLog
    let projections: ProjectionStore
    let events: EventLookup

    /// Copies the fixture's log (with its state, if a rebuild saved one) and opens it; catches
    /// the state up once, outside any measurement (a rebuild, when there was no state).
    init(copying fixture: String) async throws {
        directory = try TemporaryDirectory.make("antrain-bench-inprocess")
        try FileManager.default.copyItem(atPath: fixture + "/log", toPath: directory + "/log")
        log = try await EventLog.open(at: FilePath(directory + "/log"))
        projections = try ProjectionStore(standardModelsOf: directory + "/log")
        events = EventLookup(log: log)
        try await appendOne()
        _ = try await projections.catchUp(log)
    }

    /// Appends a bodyweight entry, as the app records one: durable, one event.
    func appendOne() async throws {
        _ = try await log.append(BodyweightRecorded(entryID: UUID(), weight: .kilograms(80), recordedAt: .now))
    }

    /// Folds what was appended since the last catch-up and saves it; the store to answer from.
    func catchUp() async throws -> any KeyedStateStore {
        try await projections.catchUp(log).store
    }

    func close() async throws {
        try await log.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
