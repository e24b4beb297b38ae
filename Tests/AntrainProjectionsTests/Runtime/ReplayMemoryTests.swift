import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

/// A model that remembers the room it was asked to make, and counts what it applies.
struct ReservingTally: ReadModel, Equatable {
    static let name = "reserving-tally"
    static let version = 1
    /// Not part of the state: a restored model has reserved nothing.
    var reservedFor: [Int] = []
    var sets = 0
    enum CodingKeys: String, CodingKey { case sets }
    init() {}
    mutating func reserveCapacity(forEvents events: Int) { reservedFor.append(events) }
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { sets += 1 }
}

/// How a replay spares memory: room reserved ahead for a replay from the start, and batch
/// buffers reused once every projection has applied them.
@Suite("Projection runtime: memory of a replay")
struct ReplayMemoryTests {
    @Test("A replay from the start lets each model reserve room for the log's events; a catch-up from a checkpoint does not")
    func reservesOnlyFromTheStart() async throws {
        let scratch = try await ScratchLog()
        try await TallyWorkouts.append(0..<4, to: scratch.log)  // 36 events
        let fresh = Projection<ReservingTally>()
        try await ProjectionRunner(log: scratch.log, projections: [fresh], checkpoints: scratch.checkpoints).catchUp()
        #expect(await fresh.model.reservedFor == [36])
        #expect(await fresh.model.sets == 24)

        try await TallyWorkouts.append(4..<5, to: scratch.log)
        let restored = Projection<ReservingTally>()
        try await ProjectionRunner(log: scratch.log, projections: [restored], checkpoints: scratch.checkpoints).catchUp()
        #expect(await restored.model.reservedFor == [], "restored from its checkpoint at offset 36: nothing reserved")
        #expect(await restored.model.sets == 30)
    }

    @Test("The room a model may reserve is capped by the machine's memory, never by less than the log")
    func reservableIsCapped() {
        #expect(BatchPump.reservable(events: 1_000) == 1_000)
        let ceiling = Int(ProcessInfo.processInfo.physicalMemory / 4 / 64)
        #expect(BatchPump.reservable(events: UInt64.max) == ceiling)
    }

    @Test("After `depth` batches, sending one hands back the oldest batch's events, applied by every projection")
    func lanesHandBackAppliedBatches() async throws {
        let first = Projection<ReservingTally>()
        let second = Projection<ReservingTally>()
        var lanes = ApplyLanes(projections: [first, second], depth: 2)
        func batch(_ number: Int) -> EventBatch {
            let events = (0..<3).map { index in
                StoredEvent(offset: UInt64(number * 3 + index), streamID: "s", streamVersion: UInt64(number * 3 + index),
                            eventID: UUID(), recordedAt: Timestamp(microsecondsSince1970: 0), storedSchemaVersion: 1,
                            event: WorkoutNotesChanged(workoutID: UUID.n(1), notes: "n"))
            }
            return EventBatch(events: events, end: LogPosition(offset: UInt64(number * 3 + 3), chainHash: .zero))
        }
        #expect(await lanes.send(batch(0)) == nil)
        #expect(await lanes.send(batch(1)) == nil)
        let handedBack = try #require(await lanes.send(batch(2)))
        #expect(handedBack.metadata.map(\.offset) == [0, 1, 2])
        let (firstAt, secondAt) = (await first.position.offset, await second.position.offset)
        #expect(firstAt >= 3 && secondAt >= 3, "both applied the batch handed back")
        await lanes.finish()
        #expect(await first.position.offset == 9)
        #expect(await second.position.offset == 9)
    }
}
