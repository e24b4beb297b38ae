import AntrainEvents
import OrderedCollections
import Foundation

extension ProgramProgress: DigestingReadModel {
    /// The model with only the workouts its queries can reach: the completed ones on or after
    /// the active program's start (for adherence), and for each exercise of a template the
    /// set its suggestion starts from (for the next training day), each stripped to that.
    ///
    /// The model keeps every set of every workout, since a correction or a deletion can make
    /// an older workout hold the last performance again; its questions read a few hundred of
    /// them. The digest is a `ProgramProgress` too, so every query answers from either.
    public func digest() -> ProgramProgress {
        var digest = self
        var kept: OrderedDictionary<UUID, TrackedWorkout> = [:]
        // Adherence: completed workouts whose local day can cover a scheduled day.
        if let active {
            var zones: [String: TimeZone] = [:]
            for workoutID in completionOrder {
                guard var workout = workouts[workoutID], workout.status == .completed,
                      Self.localDay(of: workout.startedAt, in: workout.timeZone, zones: &zones) >= active.startDate else { continue }
                workout.entries = [:]
                workout.sets = [:]
                kept[workoutID] = workout
            }
        }
        // Suggestions: the workout and set each template exercise's last performance is read from.
        let exercises = Set(templates.values.joined().map(\.exerciseID))
        for exerciseID in exercises.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let (workoutID, setID) = lastPerformanceSet(of: exerciseID), let workout = workouts[workoutID],
                  let set = workout.sets[setID] else { continue }
            var stripped = kept[workoutID] ?? workout
            if kept[workoutID] == nil {
                stripped.entries = [:]
                stripped.sets = [:]
            }
            stripped.entries[set.entryID] = exerciseID
            stripped.sets[setID] = set
            kept[workoutID] = stripped
        }
        // In the model's own orders, so that lookups from either end see the same sequence.
        digest.workouts = OrderedDictionary(uniqueKeysWithValues: workouts.keys.compactMap { id in kept[id].map { (id, $0) } })
        for index in digest.workouts.values.indices {
            let original = workouts[digest.workouts.keys[index]]!
            digest.workouts.values[index].entries.sort { (original.entries.index(forKey: $0.key) ?? 0) < (original.entries.index(forKey: $1.key) ?? 0) }
            digest.workouts.values[index].sets.sort { (original.sets.index(forKey: $0.key) ?? 0) < (original.sets.index(forKey: $1.key) ?? 0) }
        }
        digest.completionOrder = completionOrder.filter { kept[$0] != nil }
        return digest
    }
}
