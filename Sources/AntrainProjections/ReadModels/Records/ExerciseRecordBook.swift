import AntrainEvents
import Foundation
import OrderedCollections

/// One exercise's sets and records: the records are a fold over the sets in the order they
/// were logged, so a new set is offered to them and a corrected or removed one makes the
/// whole fold run again, which gives the same answer as if the change had always been so.
struct ExerciseRecordBook: Codable, Sendable, Equatable {
    /// The exercise's name as the library last had it.
    var name: String
    /// Whether the library marks it as a bodyweight exercise (kind `bodyweight`).
    var isBodyweight = false
    /// Whether it was deleted from the library.
    var isDeleted = false
    /// Its sets in the order they were logged; removed ones stay in place, marked `removed`.
    var sets: [RecordSet] = []
    /// Where each set is in `sets`, by set id.
    var positions: OrderedDictionary<UUID, Int> = [:]
    /// The positions of each UTC day's sets, so that a weigh-in finds the sets it changes
    /// without looking at the others.
    var positionsByDay: OrderedDictionary<Int, [Int]> = [:]
    /// The latest day with a set.
    var lastDay = Int.min
    /// The positions of each workout's sets, for the session volumes of a partial fold.
    var positionsByWorkout: OrderedDictionary<UUID, [Int]> = [:]
    /// Weight × reps of counting sets, per workout.
    var sessionVolumeKg: OrderedDictionary<UUID, Double> = [:]
    /// The current records, at most one per kind.
    var current: [PersonalRecord] = []
    /// Every record as it was set, in order: each entry beat the one of its kind before it.
    var timeline: [PersonalRecord] = []

    init(name: String) { self.name = name }

    /// Adds a newly logged set and offers it to the records.
    mutating func append(_ set: RecordSet) {
        let day = set.loggedAt.day.daysSince1970
        positionsByDay[day, default: []].append(sets.count)
        lastDay = max(lastDay, day)
        positionsByWorkout[set.workoutID, default: []].append(sets.count)
        positions[set.setID] = sets.count
        sets.append(set)
        consider(set)
    }

    /// The positions of the sets logged on `day` or later, day by day.
    func positions(fromDay day: Int) -> [Int] {
        guard !sets.isEmpty, day <= lastDay else { return [] }
        guard day > lastDay - 4000 else { return Array(sets.indices) }  // far back: every set, in one pass
        var found: [Int] = []
        for candidate in day...lastDay {
            if let positions = positionsByDay[candidate] { found += positions }
        }
        return found
    }

    /// Offers a set to the records.
    mutating func consider(_ set: RecordSet) {
        guard set.counts else { return }
        if let reps = set.reps {
            let kg = set.loadKg + (isBodyweight ? set.bodyweightKg : 0)
            offer(.mostReps, Double(reps), set, reps: reps, weightKg: kg > 0 ? kg : nil)
            if kg > 0 {
                offer(.heaviestWeight, kg, set, reps: reps, weightKg: kg)
                for formula in OneRepMaxFormula.allCases {
                    if let estimate = formula.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                        offer(formula.recordKind, estimate, set, reps: reps, weightKg: kg)
                    }
                }
                let volume = kg * Double(reps)
                offer(.bestSetVolume, volume, set, reps: reps, weightKg: kg)
                let session = sessionVolumeKg[set.workoutID, default: 0] + volume
                sessionVolumeKg[set.workoutID] = session
                offer(.bestSessionVolume, session, set, reps: nil, weightKg: nil)
            }
        }
        if let seconds = set.durationSeconds { offer(.longestDuration, seconds, set, reps: nil, weightKg: nil) }
        if let metres = set.distanceMetres { offer(.longestDistance, metres, set, reps: nil, weightKg: nil) }
        if let seconds = set.durationSeconds, let metres = set.distanceMetres, metres > 0, seconds > 0 {
            offer(.fastestPace, seconds * 1000 / metres, set, reps: nil, weightKg: nil)
        }
    }

    /// Runs the fold again over every set, after a correction or a removal.
    mutating func recompute() {
        current.removeAll(keepingCapacity: true)
        timeline.removeAll(keepingCapacity: true)
        sessionVolumeKg.removeAll()
        for set in sets { consider(set) }
    }

    /// Runs the fold again from the set at `start` on, when the sets before it did not change:
    /// the state the fold had after them is taken back from the timeline and the session
    /// volumes, so the result is exactly that of ``recompute()`` (the tests compare bytes).
    mutating func recompute(from start: Int) {
        guard start > 0 else { return recompute() }
        guard start < sets.count else { return }
        // Timeline entries come in fold order, which is the order of the sets.
        let kept = timeline.prefix { (positions[$0.setID] ?? .max) < start }.count
        timeline.removeSubrange(kept...)
        current.removeAll(keepingCapacity: true)
        for record in timeline {
            if let index = current.firstIndex(where: { $0.kind == record.kind }) { current[index] = record } else { current.append(record) }
        }
        // Each workout with sets from `start` on gets its running volume over its earlier sets,
        // summed in the same order as the fold sums them.
        var affected: OrderedSet<UUID> = []
        for set in sets[start...] { affected.append(set.workoutID) }
        for workout in affected {
            var sum = 0.0
            var contributed = false
            for position in positionsByWorkout[workout] ?? [] where position < start {
                if let volume = sessionContribution(sets[position]) {
                    sum += volume
                    contributed = true
                }
            }
            if contributed { sessionVolumeKg[workout] = sum } else { sessionVolumeKg.removeValue(forKey: workout) }
        }
        for set in sets[start...] { consider(set) }
    }

    /// What a set adds to its workout's session volume in ``consider(_:)``, if anything.
    private func sessionContribution(_ set: RecordSet) -> Double? {
        guard set.counts, let reps = set.reps else { return nil }
        let kg = set.loadKg + (isBodyweight ? set.bodyweightKg : 0)
        return kg > 0 ? kg * Double(reps) : nil
    }

    /// The current record of `kind`, if any.
    func record(_ kind: RecordKind) -> PersonalRecord? {
        current.first { $0.kind == kind }
    }

    /// Makes `value` the record of `kind` when it beats the current one strictly: on a tie the
    /// earlier record stands.
    private mutating func offer(_ kind: RecordKind, _ value: Double, _ set: RecordSet, reps: Int?, weightKg: Double?) {
        let index = current.firstIndex { $0.kind == kind }
        if let index {
            let held = current[index].value
            guard kind.lowerIsBetter ? value < held : value > held else { return }
        }
        let record = PersonalRecord(kind: kind, value: value, reps: reps, weightKg: weightKg, setID: set.setID,
                                    workoutID: set.workoutID, achievedAt: set.loggedAt, offset: set.offset)
        if let index { current[index] = record } else { current.append(record) }
        timeline.append(record)
    }
}
