import Foundation

/// The ids of one workout's sets, each with the number a read model gave the set: how a
/// model finds the set that a correction or removal names.
///
/// ```swift
/// var ids = WorkoutSetIDs()
/// ids.add(setID, number: sets.count)      // as the set is logged
/// ids.number(of: setID)                   // the set a SetCorrected of this workout names
/// ```
///
/// A correction names its workout and its set. An index of every set id of the log, far
/// larger than the processor's caches, made each set logged a cache miss; a workout's set ids
/// are a few dozen, kept together, and logged while the workout is the one being logged, so
/// they are in cache when the next set of the workout asks whether its id is new. This is
/// also the rule the models share: a set is known by its id within its workout.
struct WorkoutSetIDs: Codable, Sendable, Equatable {
    /// Each set's id and number, in the order they were added.
    private(set) var sets = LinearUUIDMap<Int32>()

    /// No sets.
    init() {}

    /// How many sets it holds.
    var count: Int { sets.count }

    /// The number of the set `setID`, if the workout has one. Searched from the end, where
    /// the sets a correction names usually are.
    func number(of setID: UUID) -> Int? {
        sets.index(forKey: setID).map { Int(sets.values[$0]) }
    }

    /// Adds the set `setID`, numbered `number`; the caller has checked it is not here.
    mutating func add(_ setID: UUID, number: Int) {
        // Most workouts get a dozen to two dozen sets: room for 16 at the first.
        if sets.isEmpty { sets.reserveCapacity(16) }
        sets.appendNew(setID, Int32(number))
    }
}
