import AntrainEvents
import AntrainGenerator
import Foundation
import Testing

@Suite("Log generator")
struct LogGeneratorTests {
    @Test("The same parameters give the same events, byte for byte; another seed gives others")
    func deterministic() throws {
        let first = try GeneratorFixtures.encoded(GeneratorFixtures.generator(athletes: 3, weeks: 6).events())
        let second = try GeneratorFixtures.encoded(GeneratorFixtures.generator(athletes: 3, weeks: 6).events())
        let other = try GeneratorFixtures.encoded(GeneratorFixtures.generator(athletes: 3, weeks: 6, seed: 43).events())
        #expect(first.count > 1_000)
        #expect(first == second)
        #expect(first != other)
    }

    @Test("An athlete's history does not depend on how many athletes there are")
    func athletesAreIndependent() throws {
        func workouts(of generator: LogGenerator) -> [UUID] {
            generator.events().compactMap { ($0.event as? WorkoutStarted).flatMap { $0.name == nil ? nil : $0.workoutID } }
        }
        let alone = Set(workouts(of: try GeneratorFixtures.generator(athletes: 1, weeks: 4)))
        let together = Set(workouts(of: try GeneratorFixtures.generator(athletes: 4, weeks: 4)))
        #expect(!alone.isEmpty)
        #expect(alone.isSubset(of: together))
        #expect(together.count > alone.count)
    }

    @Test("Every event is valid and the whole history appends to a real log")
    func appendsToALog() async throws {
        let generator = try GeneratorFixtures.generator(athletes: 4, weeks: 10)
        for new in generator.events() { try new.event.validate() }
        let directory = TemporaryDirectory("append")
        let log = try await directory.openLog()
        let report = try await generator.write(to: log)
        let summary = try await log.replay { _ in }
        try await log.close()
        #expect(report.events == summary.decoded)
        #expect(report.events == generator.events().count)
        #expect(summary.skipped == 0)
        #expect(report.batches < report.events / 5, "appends should be big: \(report.batches) for \(report.events) events")
    }

    @Test("Batches hold one stream each, recordedAt never goes down, and each workout has a new stream")
    func ordering() throws {
        var last = Int64.min
        var workoutStreams = Set<String>()
        var batches = 0
        for batch in try GeneratorFixtures.generator(athletes: 6, weeks: 8).batches() {
            batches += 1
            #expect(batch.events.allSatisfy { $0.event.streamID == batch.stream && $0.recordedAt == batch.time })
            #expect(batch.time.microsecondsSince1970 >= last)
            last = batch.time.microsecondsSince1970
            if batch.stream.hasPrefix("workout-") {
                #expect(batch.expectedVersion == .noStream)
                #expect(workoutStreams.insert(batch.stream).inserted)
            }
        }
        #expect(batches > 100)
        #expect(workoutStreams.count > 50)
    }
}
