import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// The store as an app opens it, by read model names: only the models named are kept and
/// caught up, the names of earlier builds name the model that took them over, an unknown
/// name is refused with the known ones, and time travel by names folds those models alone.
@Suite("Keyed state: read models by name")
struct ProjectionStoreNamesTests {
    @Test("Named models are caught up alone; earlier names map to their model; an unknown name lists the known")
    func namedModels() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(300), to: scratch.log)
        let report = try await ProjectionStore(logDirectory: scratch.path, readModels: ["bodyweight", "display-units"]).catchUp(scratch.log)
        #expect(report.starts.map(\.name) == ["bodyweight", "settings"])
        let positions = try report.store.read { try $0.positions() }
        #expect(Set(positions.keys) == ["bodyweight", "settings"])
        #expect(positions["bodyweight"]?.position.offset == report.end)
        #expect(try Bodyweight(report.store, events: nil).latest() != nil)

        #expect(throws: ProjectionError.unknownProjection("body-weight", known: StandardModels.names)) {
            try ProjectionStore(logDirectory: scratch.path, readModels: ["body-weight"])
        }
        let all = try await ProjectionStore(logDirectory: scratch.path).catchUp(scratch.log)
        #expect(all.starts.map(\.name) == StandardModels.names)
    }

    @Test("Time travel by names folds only those models, up to the point, and leaves the stored state alone")
    func travelByNames() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(300), to: scratch.log)
        let end = try await scratch.log.end().nextOffset
        let past = try await ProjectionStore.travel(readModels: ["bodyweight"], in: scratch.log, to: .offset(end / 2))
        let positions = try past.read { try $0.positions() }
        #expect(Set(positions.keys) == ["bodyweight"])
        #expect(positions["bodyweight"]?.position.offset == end / 2 + 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/projections/state.sqlite"))
    }
}
