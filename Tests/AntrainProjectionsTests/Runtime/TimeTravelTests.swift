import AntrainEvents
import AntrainProjections
import Foundation
import Testing

/// Time travel: the state as of an offset or an instant, computed without touching the
/// stored checkpoints, equals the state of a log truncated there. And a runner that follows
/// the log applies events as they are appended.
@Suite("Projection runtime: time travel and following")
struct TimeTravelTests {
    @Test("As of an instant equals a log holding only the events recorded until then; checkpoints untouched",
          arguments: ["2026-01-01T06:59:59Z", "2026-01-01T07:03:00Z", "2026-01-04T07:05:30Z", "2026-01-08T00:00:00Z", "2027-01-01T00:00:00Z"])
    func asOfInstant(instant: String) async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<8, to: scratch.log)
        try await ProjectionRunner(log: scratch.log, projections: [Projection<SetTally>()], checkpoints: scratch.checkpoints).catchUp()
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.checkpoints.path(for: SetTally.name)))

        let travelled = try await ProjectionRunner.state(of: SetTally.self, in: scratch.log, asOf: .instant(.at(instant)))

        // The truncated log: a copy of every event recorded at or before the instant.
        let truncated = try await ScratchLog()
        let limit = Timestamp.at(instant).microsecondsSince1970
        for number in 0..<8 {
            let start = Timestamp.at("2026-01-01T07:00:00Z").adding(seconds: Double(number) * 86_400)
            let kept = TallyWorkouts.workout(number, sets: 3, start: start).filter { ($0.recordedAt?.microsecondsSince1970 ?? 0) <= limit }
            if !kept.isEmpty { try await truncated.log.append(kept) }
        }
        let expected = try await truncated.model(SetTally.self)
        #expect(travelled.totals == expected.totals && travelled.workouts == expected.workouts)
        #expect(travelled.offsets.count == expected.offsets.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.checkpoints.path(for: SetTally.name))) == before)
    }

    @Test("As of an offset includes the event at that offset and none after")
    func asOfOffset() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<3, to: scratch.log)
        for offset: UInt64 in [0, 8, 9, 13, 26, 1000] {
            let model = try await ProjectionRunner.state(of: SetTally.self, in: scratch.log, asOf: .offset(offset))
            #expect(model.offsets == Array(0...min(offset, 26)))
        }
        // Offset 9 starts the second workout: as of 8 there is one workout, as of 9 two.
        #expect(try await ProjectionRunner.state(of: SetTally.self, in: scratch.log, asOf: .offset(8)).workouts == 1)
        #expect(try await ProjectionRunner.state(of: SetTally.self, in: scratch.log, asOf: .offset(9)).workouts == 2)
    }

    @Test("Following: events appended after the catch-up reach the projection, then the task ends on cancel")
    func follows() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<2, to: scratch.log)
        let projection = Projection<SetTally>()
        let runner = ProjectionRunner(log: scratch.log, projections: [projection], checkpoints: scratch.checkpoints)
        let following = Task { try await runner.follow(pollInterval: .milliseconds(5), checkpointEvery: 1) }
        try await TallyWorkouts.append(2..<5, to: scratch.log)
        let deadline = ContinuousClock.now + .seconds(10)
        while await projection.position.offset < 45, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        following.cancel()
        _ = await following.result
        #expect(await projection.model.offsets == Array(0..<45))
        #expect(await projection.model.workouts == 5)
        #expect(try scratch.checkpoints.load(SetTally.name)?.position.offset == 45, "checkpoints saved while following")
    }
}
