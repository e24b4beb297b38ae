import Foundation

// Schema version 1 of the set events, frozen: records written before the weight became a
// `Mass` hold these shapes. Never edit them; upcasters in AntrainMigrationPlan read them.

/// Version 1 of ``SetPerformance``: the weight was a plain number of kilograms.
struct SetPerformanceV1: Codable, Sendable, Hashable {
    var setType: SetType
    var reps: Int?
    var weightKg: Double?
    var durationSeconds: Double?
    var distanceMetres: Double?
    var completed: Bool
    var rpe: Double?
    var restSeconds: Int?
    var notes: String?
}

/// Version 1 of ``SetLogged``.
struct SetLoggedV1: FrozenEvent, Hashable {
    static let eventType = "SetLogged"
    static let schemaVersion: UInt16 = 1
    var workoutID: UUID
    var entryID: UUID
    var setID: UUID
    var performance: SetPerformanceV1
    var loggedAt: Timestamp
}

/// Version 1 of ``SetCorrected``.
struct SetCorrectedV1: FrozenEvent, Hashable {
    static let eventType = "SetCorrected"
    static let schemaVersion: UInt16 = 1
    var workoutID: UUID
    var setID: UUID
    var performance: SetPerformanceV1
}

/// Version 1 of ``WorkoutStarted``: before the time zone was recorded.
struct WorkoutStartedV1: FrozenEvent, Hashable {
    static let eventType = "WorkoutStarted"
    static let schemaVersion: UInt16 = 1
    var workoutID: UUID
    var type: WorkoutType
    var name: String?
    var templateID: UUID?
    var programDay: ProgramDayReference?
    var startedAt: Timestamp
}
