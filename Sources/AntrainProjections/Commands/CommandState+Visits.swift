import AntrainEvents
import Foundation

/// How each event changes the command state. Every event of a stream a command can write
/// records that stream's version, including events the rules otherwise ignore: an append
/// after them must expect them.
extension LegacyCommandState {
    mutating func saw(_ stored: EventMetadata) { streamVersions[stored.streamID] = stored.streamVersion }

    // MARK: Workouts

    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID] = Workout(type: event.type, status: .active)
        activeWorkoutID = event.workoutID
    }
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID]?.entries[event.entryID] = event.exerciseID
    }
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID]?.entries.removeValue(forKey: event.entryID)
        workouts[event.workoutID]?.sets.removeAll { $0.value.entryID == event.entryID }
    }
    public mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID]?.sets[event.setID] = LoggedSet(entryID: event.entryID, completed: event.performance.completed)
    }
    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID]?.sets[event.setID]?.completed = event.performance.completed
    }
    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        saw(stored)
        workouts[event.workoutID]?.sets.removeValue(forKey: event.setID)
    }
    public mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) { end(event.workoutID, as: .completed, stored) }
    public mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) { end(event.workoutID, as: .cancelled, stored) }
    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) { end(event.workoutID, as: .deleted, stored) }
    public mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) { quickLog(event.workoutID, .cardio, stored) }
    public mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) { quickLog(event.workoutID, .metcon, stored) }

    private mutating func end(_ workoutID: UUID, as status: Workout.Status, _ stored: EventMetadata) {
        saw(stored)
        workouts[workoutID]?.status = status
        if activeWorkoutID == workoutID { activeWorkoutID = nil }
    }

    /// A quick log is a whole session: on a stream of its own it is a logged workout; into
    /// a live session of its type it leaves that session as it was (active until completed).
    private mutating func quickLog(_ workoutID: UUID, _ type: WorkoutType, _ stored: EventMetadata) {
        saw(stored)
        if workouts[workoutID] == nil { workouts[workoutID] = Workout(type: type, status: .logged) }
    }

    // MARK: LegacyLibrary

    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {
        saw(stored)
        exercises[event.exerciseID] = LibraryItem(name: event.definition.name, isPreset: event.isPreset)
    }
    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {
        saw(stored)
        exercises[event.exerciseID]?.name = event.definition.name
    }
    public mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {
        saw(stored)
        exercises[event.exerciseID]?.isDeleted = true
    }
    public mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {
        saw(stored)
        templates[event.templateID] = Template(name: event.name)
    }
    public mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {
        saw(stored)
        templates[event.templateID]?.name = event.name
    }
    public mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) {
        saw(stored)
        templates[event.templateID]?.isDeleted = true
    }

    // MARK: Programs

    public mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) {
        saw(stored)
        programs[event.programID] = Program(definition: event.definition, isPreset: event.isPreset)
    }
    public mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {
        saw(stored)
        programs[event.programID]?.definition = event.definition
    }
    public mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) {
        saw(stored)
        programs[event.newProgramID] = Program(definition: event.definition, isPreset: false)
    }
    public mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) {
        saw(stored)
        programs[event.programID]?.isDeleted = true
    }
    public mutating func visit(_ event: ProgramActivated, _ stored: EventMetadata) {
        saw(stored)
        activeProgramID = event.programID
    }
    public mutating func visit(_ event: ProgramDeactivated, _ stored: EventMetadata) {
        saw(stored)
        if activeProgramID == event.programID { activeProgramID = nil }
    }

    // MARK: Nutrition, body, settings

    public mutating func visit(_ event: FoodItemCreated, _ stored: EventMetadata) {
        saw(stored)
        foods[event.foodID] = Food(definition: event.definition, isPreset: event.isPreset)
    }
    public mutating func visit(_ event: FoodItemUpdated, _ stored: EventMetadata) {
        saw(stored)
        foods[event.foodID]?.definition = event.definition
    }
    public mutating func visit(_ event: FoodItemDeleted, _ stored: EventMetadata) {
        saw(stored)
        foods[event.foodID]?.isDeleted = true
    }
    public mutating func visit(_ event: FoodFavourited, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: FoodLogged, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: FoodEntryCorrected, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: FoodEntryRemoved, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) { saw(stored) }
    public mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) { saw(stored) }
}
