import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation

/// The two stores a ported test asks the same questions of: the whole log folded into a store
/// in memory, and the log's own store caught up (on top of whatever an earlier catch-up of the
/// test left in it), so that every answer is checked both rebuilt and caught up.
extension ScratchLog {
    /// `models` folded from the whole log in memory, then caught up in the log's own store.
    func stores(_ models: [any KeyedReadModel.Type]) async throws -> [any KeyedStateStore] {
        [try await state(models), try await caughtUp(models).store]
    }

    /// `models` folded into a store in memory from the start of the log through the event at
    /// `offset` (time travel to an offset: that event included, none after).
    func state(_ models: [any KeyedReadModel.Type], through offset: UInt64) async throws -> SQLiteStateStore {
        try await ProjectionStore.travel(models, in: log, to: .offset(offset))
    }

    /// The workout history of `store`, reading ids back from this log.
    func history(_ store: some KeyedStateStore) -> WorkoutHistory {
        WorkoutHistory(store, events: EventLookup(log: log))
    }
}

extension StateTesting {
    /// The state of `models` in a copy of `source`'s log grown `eventsPerStep` events at a time
    /// (the same ids and recording times, so the same offsets), caught up after each step in
    /// batches of `batchSize` events; and the state of `source` folded in one go. A model's
    /// state may not depend on where catch-ups or batches end, so the two must be equal.
    static func stepwiseAndFolded(_ models: [any KeyedReadModel.Type], copying source: ScratchLog, eventsPerStep: Int = 3,
                                  batchSize: Int = 2) async throws -> (stepped: [String: [StateEntry]], folded: [String: [StateEntry]]) {
        var events: [NewEvent] = []
        _ = try await source.log.replay { stored in
            events.append(NewEvent(stored.event, id: stored.eventID, recordedAt: stored.recordedAt))
        }
        let copy = try await ScratchLog("stepwise")
        var last: StateCatchUpReport?
        for start in stride(from: 0, to: events.count, by: eventsPerStep) {
            for event in events[start..<min(start + eventsPerStep, events.count)] { try await copy.log.append([event]) }
            last = try await ProjectionStore(logDirectory: copy.path, models: models, batchSize: batchSize).catchUp(copy.log)
        }
        let steppedStore: any KeyedStateStore
        if let last { steppedStore = last.store } else { steppedStore = try await copy.state(models) }
        return (try dump(steppedStore, models), try dump(try await source.state(models), models))
    }
}
