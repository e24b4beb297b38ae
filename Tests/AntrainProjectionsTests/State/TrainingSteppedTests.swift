import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The keyed training models (with the programs and settings they read) on generated logs
/// (every kind of event, corrections, removals and deletions among them): caught up in random
/// steps, their state is one rebuild's. Their answers are guarded by the committed reference
/// answers (fixtures/reference, ReferenceAnswersTests of the command-line tests).
@Suite("Keyed state: training models stepped and rebuilt")
struct TrainingSteppedTests {
    static let models: [any KeyedReadModel.Type] = [TrainingProjection.self, ProgramsProjection.self, SettingsProjection.self]

    @Test("Caught up in random steps while the log grows equals one rebuild, byte for byte", arguments: [5, 17])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: seed)
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(Self.models, batches: batches, seed: seed)
        #expect(steps > 5)
        for (keyspace, entries) in rebuilt {
            #expect(stepped[keyspace] == entries, "\(keyspace)")
        }
        #expect((rebuilt["training/workouts"]?.count ?? 0) > 100)
    }
}
