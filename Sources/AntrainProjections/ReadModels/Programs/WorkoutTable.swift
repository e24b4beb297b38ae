import Foundation

/// The workouts of ``LegacyProgramProgress`` by id, in the order they were added: an ordered map
/// whose removals cost no rehash.
///
/// ```swift
/// var workouts = WorkoutTable()
/// workouts.updateValue(workout, forKey: workoutID)   // added at the end, or replaced in place
/// if let index = workouts.index(forKey: workoutID) { workouts[index].rpe = 8 }
/// workouts.removeValue(forKey: workoutID)             // a later start adds it at the end again
/// ```
///
/// A ``UUIDMap`` renumbers every key after a removal, which rebuilds its hash table: a
/// millisecond for each deleted workout of a large log. Here every id keeps the number it
/// was first given, a removed workout leaves an empty place behind, and the order is a list
/// of numbers, from which a removal takes one. It encodes exactly as
/// `OrderedDictionary<UUID, TrackedWorkout>` does: id, workout, id, workout, … in order.
struct WorkoutTable: Sendable, Equatable {
    /// Every id ever added, numbered in the order first seen.
    private var ids = UUIDIndex()
    /// The workout of each number; nil once removed.
    private var records: [LegacyProgramProgress.TrackedWorkout?] = []
    /// Whether each number holds a workout: `records[number] != nil`, without copying the
    /// workout out to compare it.
    private var held: [Bool] = []
    /// The numbers of the workouts held, in map order.
    private var order: [Int32] = []

    /// No workouts.
    init() {}

    /// How many workouts it holds.
    var count: Int { order.count }

    /// The number of `key`'s workout, if it holds one: what ``subscript(_:)-(Int)`` takes.
    @inline(__always)
    func index(forKey key: UUID) -> Int? {
        guard let number = ids.firstIndex(of: key), held[number] else { return nil }
        return number
    }

    /// Whether the workout numbered `index` (by ``index(forKey:)`` or ``updateValue(_:forKey:)``)
    /// is still held: numbers outlive removals.
    func holds(_ index: Int) -> Bool { held[index] }

    /// The workout numbered `index` by ``index(forKey:)``, changed in place.
    subscript(index: Int) -> LegacyProgramProgress.TrackedWorkout {
        get { records[index]! }
        _modify { yield &records[index]! }
    }

    /// The workout of `key`, if it holds one.
    subscript(key: UUID) -> LegacyProgramProgress.TrackedWorkout? {
        index(forKey: key).map { records[$0]! }
    }

    /// Makes room for `keys` and reads their slots ahead, before a batch adds them (see
    /// ``UUIDIndex/warm(toAdd:)``). Changes no workout.
    mutating func warm(toAdd keys: some Collection<UUID>) { ids.warm(toAdd: keys) }

    /// Sets the workout of `key`: in its place if it holds one, else at the end; its number.
    @discardableResult
    mutating func updateValue(_ workout: LegacyProgramProgress.TrackedWorkout, forKey key: UUID) -> Int {
        let (inserted, number) = ids.append(key)
        if inserted {
            records.append(nil)
            held.append(false)
        }
        if !held[number] { order.append(Int32(number)) }
        records[number] = workout
        held[number] = true
        return number
    }

    /// Removes the workout of `key`; whether it held one.
    @discardableResult
    mutating func removeValue(forKey key: UUID) -> Bool {
        guard let number = index(forKey: key) else { return false }
        records[number] = nil
        held[number] = false
        // Deletions are rare and nearly always of recent workouts: search from the end.
        if let place = order.lastIndex(of: Int32(number)) { order.remove(at: place) }
        return true
    }

    /// Equal when they hold the same workouts under the same ids in the same order.
    static func == (lhs: WorkoutTable, rhs: WorkoutTable) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs) { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}

extension WorkoutTable: Sequence {
    /// The workouts held, with their ids, in order.
    func makeIterator() -> some IteratorProtocol<(key: UUID, value: LegacyProgramProgress.TrackedWorkout)> {
        order.lazy.map { [ids, records] number in (key: ids[Int(number)], value: records[Int(number)]!) }.makeIterator()
    }
}

extension WorkoutTable: Codable {
    /// Reads id, workout, id, workout, … as `OrderedDictionary` writes them, refusing an id
    /// that appears twice.
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        while !container.isAtEnd {
            let key = try container.decode(UUID.self)
            let workout = try container.decode(LegacyProgramProgress.TrackedWorkout.self)
            guard index(forKey: key) == nil else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "workout \(key) appears twice")
            }
            updateValue(workout, forKey: key)
        }
    }

    /// Writes id, workout, id, workout, … in order, as `OrderedDictionary` does.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (key, workout) in self {
            try container.encode(key)
            try container.encode(workout)
        }
    }
}
