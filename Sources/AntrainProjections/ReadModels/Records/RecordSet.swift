import AntrainEvents
import Foundation

/// What ``PersonalRecords`` keeps of one set: enough to recompute its exercise's records
/// when a set is corrected or removed.
struct RecordSet: Codable, Sendable, Equatable {
    var setID: UUID
    var workoutID: UUID
    var entryID: UUID
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

    init(setID: UUID, workoutID: UUID, entryID: UUID, performance: SetPerformance, loggedAt: Timestamp, offset: UInt64) {
        self.setID = setID
        self.workoutID = workoutID
        self.entryID = entryID
        self.loggedAt = loggedAt
        self.offset = offset
        bodyweightKg = 0
        counts = false
        loadKg = 0
        update(performance, offset: offset)
    }

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

/// Bodyweight entries in day order, for the weight a bodyweight set moved.
struct BodyweightLog: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var day: Int
        var measuredAt: Int64
        var kilograms: Double
    }

    /// Sorted by measurement time; an entry measured at the same instant as another comes after it.
    private(set) var entries: [Entry] = []

    /// Adds an entry, keeping the order.
    mutating func add(_ weight: Mass, measuredAt: Timestamp) {
        let micros = measuredAt.microsecondsSince1970
        let entry = Entry(day: measuredAt.day.daysSince1970, measuredAt: micros, kilograms: weight.kilograms)
        // Entries usually arrive in time order: search from the end.
        var index = entries.endIndex
        while index > entries.startIndex, entries[index - 1].measuredAt > micros { index -= 1 }
        entries.insert(entry, at: index)
    }

    /// The bodyweight of `day`: its last entry, else the last entry before it; 0 when none is.
    func kilograms(on day: Int) -> Double {
        // Binary search for the first entry after `day`.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? 0 : entries[low - 1].kilograms
    }
}
