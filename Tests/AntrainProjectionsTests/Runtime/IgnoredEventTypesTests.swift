import AntrainEvents
import Foundation
import Testing
@testable import AntrainProjections

/// A projection skips the events its model ignores (those whose `visit` is the empty
/// default), learned from the default's mark, and the result is what applying every event
/// gives.
@Suite("Skipping the events a model ignores")
struct IgnoredEventTypesTests {
    /// Hands workout completions on to a ``SetTally``, which ignores them: the outer model
    /// handles them, so they must never be skipped for it.
    struct Forwarder: ReadModel, Equatable {
        static let name = "forwarder"
        static let version = 1
        var inner = SetTally()
        var completions = 0
        init() {}
        mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
            completions += 1
            event.accept(&inner, stored)
        }
    }

    /// Workouts as stored events, each followed by its completion (which SetTally ignores).
    static func events(workouts: Int) -> [StoredEvent] {
        var stored: [StoredEvent] = []
        for number in 0..<workouts {
            let start = Timestamp.at("2026-01-01T07:00:00Z").adding(seconds: Double(number) * 86_400)
            var events = TallyWorkouts.workout(number, sets: 3, start: start).map(\.event)
            events.append(WorkoutCompleted(workoutID: UUID.n(0x1_0000 + number), endedAt: start.adding(seconds: 3_600), durationSeconds: 3_600))
            for event in events {
                stored.append(StoredEvent(offset: UInt64(stored.count), streamID: event.streamID, streamVersion: 0, eventID: UUID(),
                                          recordedAt: start, storedSchemaVersion: 1, event: event))
            }
        }
        return stored
    }

    @Test("The empty default leaves a mark naming the visitor; a handled event leaves none")
    func marks() {
        let stored = Self.events(workouts: 1)
        let completion = stored.last!
        var tally = SetTally()
        DefaultVisitMark.clear()
        completion.event.accept(&tally, completion)
        #expect(DefaultVisitMark.isMarked(by: SetTally.self))
        DefaultVisitMark.clear()
        stored[0].event.accept(&tally, stored[0])
        #expect(!DefaultVisitMark.isMarked(by: SetTally.self))
        var forwarder = Forwarder()
        DefaultVisitMark.clear()
        completion.event.accept(&forwarder, completion)
        #expect(!DefaultVisitMark.isMarked(by: Forwarder.self) && forwarder.completions == 1)
    }

    @Test("A projection that skips ignored events ends where applying every event ends, batch after batch")
    func skippingChangesNothing() async throws {
        let stored = Self.events(workouts: 40)
        var expectedTally = SetTally()
        expectedTally.apply(stored)
        var expectedForwarder = Forwarder()
        expectedForwarder.apply(stored)
        let tally = Projection<SetTally>()
        let forwarder = Projection<Forwarder>()
        for start in stride(from: 0, to: stored.count, by: 37) {
            let part = Array(stored[start..<min(start + 37, stored.count)])
            let batch = EventBatch(events: part, end: LogPosition(offset: part.last!.offset + 1, chainHash: .zero))
            await tally.apply(batch)
            await forwarder.apply(batch)
        }
        #expect(await tally.model == expectedTally)
        #expect(await forwarder.model == expectedForwarder)
        #expect(await forwarder.model.completions == 40)
    }

    @Test("The table answers for every kind it learned and nothing else")
    func table() {
        var ignored = IgnoredEventTypes()
        let kinds: [UInt8] = [0, 5, 29, 38]
        for (index, kind) in kinds.enumerated() { ignored[kind] = index % 2 == 0 }
        for (index, kind) in kinds.enumerated() { #expect(ignored[kind] == (index % 2 == 0)) }
        #expect(ignored[1] == nil)
        ignored[5] = nil
        #expect(ignored[5] == nil)
    }
}
