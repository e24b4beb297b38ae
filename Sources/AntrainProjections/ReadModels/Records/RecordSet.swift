import AntrainEvents
import Foundation

/// What ``PersonalRecords`` keeps of one set: enough to recompute its exercise's records
/// when a set is corrected or removed.
///
/// Its workout and entry are small numbers rather than UUIDs: the book's session (which knows
/// the workout) and the model's entry number, so that a set costs no hashing to file.
struct RecordSet: Codable, Sendable, Equatable {
    var setID: UUID
    /// Its workout's session in the book's `sessions`.
    var session: Int32
    /// Its workout entry: the entry's number in the model's `entries`.
    var entry: Int32
    /// Completed and not a warm-up: the only sets that may set records.
    var counts: Bool
    var reps: Int?
    /// The entered load in kg (added load for bodyweight exercises).
    var loadKg: Double
    var rpe: Double?
    var durationSeconds: Double?
    var distanceMetres: Double?
    /// The bodyweight of the set's day, for bodyweight exercises (0 when none is known or the
    /// exercise is not one).
    var bodyweightKg: Double
    /// When the set was logged; its UTC day picks the bodyweight.
    var loggedAt: Timestamp
    /// The event that gave the set its current performance.
    var offset: UInt64
    /// Removed from its workout (or its workout deleted): kept in place, so that positions
    /// stay valid, but never counted again.
    var removed = false

    init(setID: UUID, session: Int32, entry: Int32, performance: SetPerformance, loggedAt: Timestamp, offset: UInt64) {
        self.setID = setID
        self.session = session
        self.entry = entry
        self.loggedAt = loggedAt
        self.offset = offset
        bodyweightKg = 0
        counts = false
        loadKg = 0
        update(performance, offset: offset)
    }

    /// The UTC day it was logged on, as days since 1970.
    var day: Int { loggedAt.day.daysSince1970 }

    /// Takes a corrected performance, set by the event at `offset`.
    mutating func update(_ performance: SetPerformance, offset: UInt64) {
        counts = !removed && performance.completed && performance.setType != .warmup
        reps = performance.reps
        loadKg = performance.weight?.kilograms ?? 0
        rpe = performance.rpe
        durationSeconds = performance.durationSeconds
        distanceMetres = performance.distanceMetres
        self.offset = offset
    }
}
