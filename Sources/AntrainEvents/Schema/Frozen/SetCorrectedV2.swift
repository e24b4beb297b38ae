import Foundation

// Schema version 2 of SetCorrected, frozen: records written before a correction could say when
// a planned set was done hold this shape. Never edit it; upcasters in AntrainMigrationPlan
// read it.

/// Version 2 of ``SetCorrected``: the performance as a `Mass`, no `doneAt`.
struct SetCorrectedV2: FrozenEvent, Hashable {
    static let eventType = "SetCorrected"
    static let schemaVersion: UInt16 = 2
    var workoutID: UUID
    var setID: UUID
    var performance: SetPerformance
}
