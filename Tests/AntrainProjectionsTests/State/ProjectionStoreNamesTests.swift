import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
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

/// A rebuild that leaves the state much smaller gives the space back, so a model whose values
/// shrank (a new version) does not leave the file at its old size.
@Suite("Keyed state: space after a rebuild")
struct StateCompactionTests {
    @Test("Rows a rebuild drops free pages; past 1/32 of the file, the file shrinks to the state")
    func rebuildCompacts() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(300), to: scratch.log)
        // Two models held, one rebuilt: the rebuild rewrites it inside the file in use (a
        // rebuild of every model held writes a new generation, compact by construction).
        let projections = try ProjectionStore(logDirectory: scratch.path, readModels: ["bodyweight", "settings"])
        let report = try await projections.catchUp(scratch.log)
        let answer = try Bodyweight(report.store, events: nil).dailyWeights(from: CalendarDay(year: 2000, month: 1, day: 1)!,
                                                                           through: CalendarDay(year: 2100, month: 1, day: 1)!)
        // Four megabytes of rows no event made, in the model's own table.
        try report.store.write { state in
            for day in 0..<2_000 {
                let key = CalendarDay(daysSince1970: 40_000 + day).keyBytes
                try state.put(BodyweightProjection.days, key: key, value: [UInt8](repeating: 7, count: 2_000),
                              columns: [.null, .null, .null])
            }
        }
        try report.store.checkpoint()
        let swollen = try fileSize(projections.path)
        #expect(swollen > 4_000_000)

        let rebuilt = try await projections.rebuild(scratch.log, names: ["bodyweight"])
        let size = try fileSize(projections.path)
        #expect(size < swollen / 4, "\(swollen) → \(size) bytes")
        #expect(try Bodyweight(rebuilt.store, events: nil).dailyWeights(from: CalendarDay(year: 2000, month: 1, day: 1)!,
                                                                        through: CalendarDay(year: 2100, month: 1, day: 1)!) == answer)
    }

    /// The size of the file `path` names, through the link to the generation in use.
    private func fileSize(_ path: String) throws -> Int {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    }
}
