import AntrainEvents
import AntrainProjections
import Foundation

/// The checkpoint bytes of `Model` built from a copy of `source`'s events, appended a few at a
/// time with a catch-up after each step; every step starts a new runner that restores the
/// model from the checkpoint file the step before saved, in batches of 2 events.
///
/// A read model must give the same bytes this way as in one go (`ScratchLog.model`): its
/// state may not depend on where batches or checkpoints fall.
func stepwiseCheckpointBytes<Model: ReadModel>(_: Model.Type, copying source: ScratchLog,
                                               eventsPerStep: Int = 3) async throws -> [UInt8] {
    var events: [NewEvent] = []
    _ = try await source.log.replay { stored in
        events.append(NewEvent(stored.event, id: stored.eventID, recordedAt: stored.recordedAt))
    }
    let copy = try await ScratchLog("stepwise")
    var projection = Projection<Model>()
    for start in stride(from: 0, to: events.count, by: eventsPerStep) {
        for event in events[start..<min(start + eventsPerStep, events.count)] { try await copy.log.append([event]) }
        projection = Projection<Model>()
        let runner = ProjectionRunner(log: copy.log, projections: [projection], checkpoints: copy.checkpoints,
                                      batchSize: 2)
        try await runner.catchUp()
    }
    return try await projection.checkpoint().stateBytes
}
