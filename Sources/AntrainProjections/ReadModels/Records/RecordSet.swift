import AntrainEvents
import Foundation

/// What ``LegacyPersonalRecords`` keeps of one set: enough to recompute its exercise's records
/// when a set is corrected or removed.
///
/// Half a million of these are kept on a large log, so they are laid out tight: the
/// workout and entry are small numbers rather than UUIDs (the book's session, which knows
/// the workout, and the model's entry number), and the optional measures are plain values
/// with one byte of flags saying which are there (an `Optional<Double>` takes 16 bytes in
/// a struct, where 8 hold the value).
struct RecordSet: Codable, Sendable, Equatable {
    var setID: UUID
    /// When the set was logged; its UTC day picks the bodyweight.
    var loggedAt: Timestamp
    /// The event that gave the set its current performance.
    var offset: UInt64
    /// The entered load in kg (added load for bodyweight exercises).
    var loadKg: Double
    /// The bodyweight of the set's day, for bodyweight exercises (0 when none is known or the
    /// exercise is not one).
    var bodyweightKg: Double
    /// The measures below, each 0 when its flag is not set.
    private var storedReps: Int
    private var storedRPE: Double
    private var storedDuration: Double
    private var storedDistance: Double
    /// Its workout's session in the book's `sessions`.
    var session: Int32
    /// Its workout entry: the entry's number in the model's `entries`.
    var entry: Int32
    /// Which measures it has, whether it was completed, whether it counts and whether it was
    /// removed (`Flag`).
    private var flags: UInt8 = 0

    /// The bits of `flags`.
    private enum Flag {
        static let reps: UInt8 = 1, rpe: UInt8 = 2, duration: UInt8 = 4, distance: UInt8 = 8
        static let counts: UInt8 = 16, removed: UInt8 = 32, completed: UInt8 = 64
    }

    init(setID: UUID, session: Int32, entry: Int32, performance: SetPerformance, loggedAt: Timestamp, offset: UInt64) {
        self.setID = setID
        self.session = session
        self.entry = entry
        self.loggedAt = loggedAt
        self.offset = offset
        bodyweightKg = 0
        loadKg = 0
        storedReps = 0
        storedRPE = 0
        storedDuration = 0
        storedDistance = 0
        update(performance, offset: offset)
    }

    var reps: Int? { flags & Flag.reps != 0 ? storedReps : nil }
    var rpe: Double? { flags & Flag.rpe != 0 ? storedRPE : nil }
    var durationSeconds: Double? { flags & Flag.duration != 0 ? storedDuration : nil }
    var distanceMetres: Double? { flags & Flag.distance != 0 ? storedDistance : nil }

    /// Completed and not a warm-up: the only sets that may set records.
    var counts: Bool {
        get { flags & Flag.counts != 0 }
        set { set(Flag.counts, newValue) }
    }

    /// Completed, warm-ups included: the sets the exercise's totals count (see
    /// LegacyPersonalRecords+Totals.swift).
    var completed: Bool { flags & Flag.completed != 0 }

    /// Removed from its workout (or its workout deleted): kept in place, so that positions
    /// stay valid, but never counted again.
    var removed: Bool {
        get { flags & Flag.removed != 0 }
        set { set(Flag.removed, newValue) }
    }

    /// The UTC day it was logged on, as days since 1970.
    var day: Int { loggedAt.day.daysSince1970 }

    /// Takes a corrected performance, set by the event at `offset`.
    mutating func update(_ performance: SetPerformance, offset: UInt64) {
        counts = !removed && performance.completed && performance.setType != .warmup
        set(Flag.completed, performance.completed)
        set(Flag.reps, performance.reps != nil)
        storedReps = performance.reps ?? 0
        loadKg = performance.weight?.kilograms ?? 0
        set(Flag.rpe, performance.rpe != nil)
        storedRPE = performance.rpe ?? 0
        set(Flag.duration, performance.durationSeconds != nil)
        storedDuration = performance.durationSeconds ?? 0
        set(Flag.distance, performance.distanceMetres != nil)
        storedDistance = performance.distanceMetres ?? 0
        self.offset = offset
    }

    private mutating func set(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }
}
