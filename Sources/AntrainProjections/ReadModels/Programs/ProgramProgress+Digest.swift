import AntrainEvents
import Foundation

extension LegacyProgramProgress: DigestingReadModel {
    /// The model with only the workouts its queries can reach: the completed ones on or after
    /// the active program's start (for adherence), and for each exercise of a template the
    /// set its suggestion starts from (for the next training day), each stripped to that.
    ///
    /// The model keeps every set of every workout, since a correction or a deletion can make
    /// an older workout hold the last performance again; its questions read a few hundred of
    /// them. The digest is a `LegacyProgramProgress` too, so every query answers from either.
    public func digest() -> LegacyProgramProgress {
        // The sets each kept workout keeps: none for adherence, the suggestion's for each exercise.
        var keptSets: [UUID: Set<UUID>] = [:]
        if let active {
            var zones: [String: TimeZone] = [:]
            for workoutID in completionOrder {
                guard let workout = workouts[workoutID], workout.status == .completed,
                      Self.localDay(of: workout.startedAt, in: workout.timeZone, zones: &zones) >= active.startDate else { continue }
                keptSets[workoutID, default: []] = []
            }
        }
        for exerciseID in Set(templates.values.joined().map(\.exerciseID)) {
            if let (workoutID, setID) = lastPerformanceSet(of: exerciseID) { keptSets[workoutID, default: []].insert(setID) }
        }
        // Filtered in order, so every order (workouts, entries, sets, completions) is the model's.
        var digest = self
        digest.workouts = WorkoutTable()
        for (workoutID, workout) in workouts {
            guard let sets = keptSets[workoutID] else { continue }
            var kept = workout
            kept.sets = workout.sets.filter(keys: sets.contains)
            let entries = Set(kept.sets.values.map(\.entryID))
            kept.entries = workout.entries.filter(keys: entries.contains)
            digest.workouts.updateValue(kept, forKey: workoutID)
        }
        digest.completionOrder = completionOrder.filter { keptSets[$0] != nil }
        return digest
    }
}
