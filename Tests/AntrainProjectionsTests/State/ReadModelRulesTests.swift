import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The rules a store checks of the read models an app gives it (``ReadModelRules``) hold for
/// the standard models themselves: given as themselves they pass, so a standard model whose
/// names broke them would fail here, not in an app. What the rules refuse is tested where an
/// app stands, in AntrainReadModelExampleTests.
@Suite("Keyed state: the rules of read models' names")
struct ReadModelRulesTests {
    @Test("The standard models pass the rules an app's models are checked by, and are kept as usual")
    func standardModelsPass() async throws {
        let scratch = try await ScratchLog()
        try await scratch.record(BodyweightRecorded(entryID: .n(1), weight: .kilograms(80), recordedAt: .at("2026-03-02T07:00:00Z")))
        let report = try await ProjectionStore(logDirectory: scratch.path, readModels: StandardModels.all).catchUp(scratch.log)
        #expect(report.starts.map(\.name) == StandardModels.names)
        #expect(try Bodyweight(report.store, events: nil).latest()?.weight == .kilograms(80))
    }

    @Test("A name is lower-case letters and digits, in words joined by dashes, starting with a letter")
    func names() {
        for name in ["training", "daily-nutrition", "weekly-weigh-ins", "top10", "a1-b2"] {
            #expect(ReadModelRules.isName(name, separator: "-"), "\(name)")
        }
        for name in ["", "Training", "weekly_weigh_ins", "-weekly", "weekly-", "weekly--weigh", "10k", "wéekly", "weekly weigh"] {
            #expect(!ReadModelRules.isName(name, separator: "-"), "\(name)")
        }
    }
}
