import Foundation

// Schema version 1 of the quick-log events, frozen: records written before a quick log named
// the time zone it was done in hold these shapes. Never edit them; upcasters in
// AntrainMigrationPlan read them.

/// Version 1 of ``CardioLogged``: no time zone; a session on a new id fell on its UTC day.
struct CardioLoggedV1: FrozenEvent, Hashable {
    static let eventType = "CardioLogged"
    static let schemaVersion: UInt16 = 1
    var workoutID: UUID
    var activity: CardioActivity
    var startedAt: Timestamp
    var name: String?
    var distanceMetres: Double?
    var durationSeconds: Double
    var paceSecondsPerKilometre: Double?
    var notes: String?
}

/// Version 1 of ``MetconLogged``: no time zone; a metcon on a new id fell on its UTC day.
struct MetconLoggedV1: FrozenEvent, Hashable {
    static let eventType = "MetconLogged"
    static let schemaVersion: UInt16 = 1
    var workoutID: UUID
    var format: MetconFormat
    var startedAt: Timestamp
    var name: String?
    var rounds: Int?
    var durationSeconds: Double
    var result: String?
    var notes: String?
}
