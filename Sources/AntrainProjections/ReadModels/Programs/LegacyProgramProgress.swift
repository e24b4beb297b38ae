import AntrainEvents
import Foundation
import OrderedCollections

/// Where the user stands in the active training program: the current week and day, how
/// many scheduled days were trained, and the weights to use on the next training day.
///
/// ```swift
/// let progress = try await ProjectionRunner.state(of: LegacyProgramProgress.self, in: log, asOf: .offset(.max))
/// if let next = progress.nextTrainingDay(from: today) {
///     for suggestion in next.suggestions { print(suggestion.exerciseName, suggestion.reason.text) }
/// }
/// ```
///
/// It keeps what its answers need and nothing more: the definitions of programs, the
/// exercises of each template, exercise names, the unit of the settings, and the lifting
/// sets of every workout (so that corrections and removals after a workout ended still
/// change its last performance). Calendar work (time zones, dates) waits for the queries.
public struct LegacyProgramProgress: ReadModel, Equatable {
    public static let name = "programs"
    public static let version = 1

    /// Programs that exist (deleted ones are dropped), by id.
    var programs: OrderedDictionary<UUID, ProgramDefinition> = [:]
    /// The exercises of each template that exists, in template order.
    var templates: OrderedDictionary<UUID, [TemplateExercise]> = [:]
    /// Exercise names, kept after a deletion so that past performances still have a name.
    var exerciseNames: OrderedDictionary<UUID, String> = [:]
    /// The program followed, if any.
    var active: ActiveProgram?
    /// The weight unit of the latest settings; nil until the user chose one.
    var settingsUnit: MassUnit?
    /// Every workout that was not deleted, in the order they started.
    var workouts = WorkoutTable()
    /// Completed workouts, in the order they were completed: last performances are looked
    /// up from the end.
    var completionOrder: [UUID] = []
    /// Not encoded: the workout the last event of a workout named, and its number (a
    /// workout's events come in a run).
    var recentWorkout = RecentKey()

    public init() {}

    // MARK: LegacyLibrary

    public mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) { programs[event.programID] = event.definition }
    public mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {
        if programs[event.programID] != nil { programs[event.programID] = event.definition }
    }
    public mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) { programs[event.newProgramID] = event.definition }
    public mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) { programs.removeValue(forKey: event.programID) }

    public mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {
        templates[event.templateID] = TemplateExercise.of(event.items)
    }
    public mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {
        templates[event.templateID] = TemplateExercise.of(event.items)
    }
    public mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) { templates.removeValue(forKey: event.templateID) }

    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) { exerciseNames[event.exerciseID] = event.definition.name }
    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) { exerciseNames[event.exerciseID] = event.definition.name }

    public mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) { settingsUnit = event.weightUnit }

    // MARK: Following a program

    public mutating func visit(_ event: ProgramActivated, _ stored: EventMetadata) {
        active = ActiveProgram(programID: event.programID, startDate: event.startDate)
    }
    public mutating func visit(_ event: ProgramDeactivated, _ stored: EventMetadata) {
        if active?.programID == event.programID { active = nil }
    }

    // MARK: Workouts

    /// Reads ahead the slots of the batch's new workouts.
    public mutating func prepare(for events: EventColumns) {
        workouts.warm(toAdd: events.startedWorkoutIDs)
    }

    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        let number = workouts.updateValue(TrackedWorkout(type: event.type, programDay: event.programDay,
                                                         startedAt: event.startedAt, timeZone: event.timeZone),
                                          forKey: event.workoutID)
        recentWorkout.remember(event.workoutID, as: number)
    }
    // The events of a workout change it in place (`workouts[index]`): reading it out
    // of the map and writing it back would copy its sets.
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].entries[event.entryID] = event.exerciseID
    }
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].removeEntry(event.entryID)
    }
    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].sets[event.setID] = TrackedSet(entryID: event.entryID, event.performance)
    }
    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID),
              let set = workouts[index].sets.index(forKey: event.setID) else { return }
        workouts[index].sets.values[set].correct(to: event.performance)
    }
    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].sets.removeValue(forKey: event.setID)
    }
    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].rpe = event.rpe
    }
    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].status = .completed
        completionOrder.append(event.workoutID)
    }
    public mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) {
        guard let index = workoutNumber(event.workoutID) else { return }
        workouts[index].status = .cancelled
    }
    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {
        guard workouts.removeValue(forKey: event.workoutID) else { return }
        recentWorkout.forget()
        // Rare (a user action), so a linear removal is fine here.
        completionOrder.removeAll { $0 == event.workoutID }
    }

    /// The number of the workout `workoutID` if it is held: the last one named, or looked up.
    @inline(__always)
    private mutating func workoutNumber(_ workoutID: UUID) -> Int? {
        if let number = recentWorkout.number(of: workoutID), workouts.holds(number) { return number }
        guard let number = workouts.index(forKey: workoutID) else { return nil }
        recentWorkout.remember(workoutID, as: number)
        return number
    }
}
