import AntrainEvents
import Foundation

/// What the training models keep of the exercise library: names, muscle groups, the
/// bodyweight kind (which changes what a set weighs) and deletion.
extension TrainingProjection {
    mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) { define(event.exerciseID, event.definition) }

    mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) { define(event.exerciseID, event.definition) }

    mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        let slot = book(event.exerciseID)
        // A book even for an exercise never defined: its totals row says it was deleted.
        books[slot].hasRecords = true
        books[slot].isDeleted = true
    }

    private mutating func define(_ exerciseID: UUID, _ definition: ExerciseDefinition) {
        let slot = book(exerciseID)
        books[slot].name = definition.name
        books[slot].isNamed = true
        books[slot].hasRecords = true
        books[slot].muscleGroups = definition.muscleGroups
        let isBodyweight = definition.kind == .bodyweight
        guard books[reading: slot].isBodyweight != isBodyweight else { return }
        books[slot].isBodyweight = isBodyweight
        // Every set of it now weighs differently: its records are folded again from the start.
        markStale(exerciseID, from: 0)
        let factsSlot = facts.slot(of: TrainingFacts.key) { TrainingFacts() }
        facts[factsSlot].bodyweightExercises.removeAll { $0 == exerciseID }
        if isBodyweight { facts[factsSlot].bodyweightExercises.append(exerciseID) }
    }
}
