import AntrainEvents
import AntrainGenerator
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// Every standard keyed model on a realistic generated log (three athletes, twelve weeks: every
/// kind of event, corrections and removals among them): caught up in random steps while the
/// log grows equals one rebuild, key for key and byte for byte. The generated logs of the other
/// keyed state tests come from here (`batches(seed:)`, `append(_:to:)`).
@Suite("Keyed state: every standard model on a generated log")
struct GeneratedLogReplayTests {
    static let library: GeneratorLibrary = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try! GeneratorLibrary(presets: LibraryPresets.load(from: root.appendingPathComponent("fixtures/library")))
    }()

    static func batches(seed: UInt64) throws -> [GeneratedBatch] {
        let generator = try LogGenerator(athletes: 3, weeks: 12, seed: seed, startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
                                         library: library)
        return Array(generator.batches())
    }

    static func append(_ batches: some Sequence<GeneratedBatch>, to log: EventLog) async throws {
        for batch in batches { try await log.append(batch.events, expectedVersion: batch.expectedVersion) }
    }

    @Test("Caught up in random steps while the log grows, every model's state equals one rebuild's, byte for byte")
    func steppedEqualsRebuilt() async throws {
        let models = StandardModels.all
        let batches = try Self.batches(seed: 5)
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(models, batches: batches, seed: 99)
        #expect(steps > 5)
        #expect(Set(rebuilt.keys) == Set(models.flatMap { $0.keyspaces.map(\.description) }))
        for (keyspace, entries) in rebuilt {
            #expect(stepped[keyspace] == entries, "\(keyspace)")
        }
        for model in models {
            #expect(model.keyspaces.contains { !(rebuilt[$0.description]?.isEmpty ?? true) }, "\(model.name) holds something")
        }
        // A rebuild in the log's directory reads the whole log once, and every event is known.
        let scratch = try await ScratchLog()
        try await Self.append(batches, to: scratch.log)
        let report = try await ProjectionStore(logDirectory: scratch.path, models: models).rebuild(scratch.log)
        print("generated log: \(batches.count) batches, \(report.summary.decoded) events decoded, \(steps) steps")
        let events = Int(try await scratch.log.end().nextOffset)
        #expect(report.summary.decoded > 3_000 && report.summary.decoded == events)
        #expect(report.summary.skipped == 0)
        #expect(try StateTesting.dump(report.store, models) == rebuilt)
    }
}
