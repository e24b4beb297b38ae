import AntrainEvents
import Foundation

/// Plans the events of imported workouts: started, exercises added, sets logged, notes,
/// completed; and a custom exercise for each name the library lacks.
struct WorkoutPlanner {
    let library: KnownLibrary
    /// Every set of each exercise name (by library key) across the file.
    let setsByExercise: [String: [ImportedSet]]
    /// `ExerciseCreated` streams for the names the library lacked, in order of first use.
    private(set) var createdExercises: [PlannedStream] = []
    private var exerciseIDs: [String: UUID] = [:]

    init(library: KnownLibrary, sets: [String: [ImportedSet]]) {
        self.library = library
        self.setsByExercise = sets
    }

    /// Seconds between sets when the export gives no duration: a typical set and its rest.
    static let secondsPerSet = 120.0
    /// An exercise's position in a workout is 1 to 99.
    static let maxExercises = 99

    /// The workout's stream, or nil when not one of its sets could be recorded.
    mutating func plan(_ workout: ImportedWorkout, into plan: inout ImportPlan) -> PlannedStream? {
        let name = ImportPlanner.name(workout.name)
        let workoutID = UUID.stable("import", "workout", String(workout.startedAt.microsecondsSince1970), name ?? "")
        let start = workout.startedAt
        let setTotal = workout.setCount
        // Sets carry no time in the exports: spread them over the workout's duration.
        let span = workout.durationSeconds.flatMap { $0 > 0 && $0 <= 86_400 ? $0 : nil } ?? Double(setTotal) * Self.secondsPerSet
        let step = span / Double(max(setTotal, 1))
        var events = [NewEvent(WorkoutStarted(workoutID: workoutID, type: .lifting, name: name, startedAt: start, timeZone: workout.timeZone),
                               id: .importEvent("WorkoutStarted", workoutID), recordedAt: start)]
        var setIndex = 0
        var logged = 0
        for (index, exercise) in workout.exercises.enumerated() {
            guard index < Self.maxExercises else {
                plan.skipped += exercise.sets.map {
                    SkippedRow(line: $0.line, .tooManyExercises, reason: "the workout has more than \(Self.maxExercises) exercises; Antrain records at most \(Self.maxExercises)")
                }
                continue
            }
            let exerciseID = exerciseID(for: exercise)
            let entryID = UUID.stable("import", "entry", workoutID.uuidString, String(index + 1), exercise.name)
            events.append(NewEvent(ExerciseAddedToWorkout(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID, position: index + 1),
                                   id: .importEvent("ExerciseAddedToWorkout", entryID), recordedAt: start))
            for (number, set) in exercise.sets.enumerated() {
                setIndex += 1
                var performance = set.performance
                if number == 0, let exerciseNotes = exercise.notes, !exerciseNotes.isEmpty {
                    // No event holds notes on an exercise of a workout (Hevy's exercise_notes):
                    // the exercise's first set carries them rather than losing them.
                    performance.notes = [exerciseNotes, performance.notes].compactMap { $0 }.joined(separator: "; ")
                }
                performance.notes = ImportPlanner.clipped(performance.notes, 200)
                let setID = UUID.stable("import", "set", entryID.uuidString, String(number + 1))
                let loggedAt = start.adding(seconds: step * Double(setIndex))
                let event = SetLogged(workoutID: workoutID, entryID: entryID, setID: setID, performance: performance, loggedAt: loggedAt)
                do {
                    try event.validate()
                } catch {
                    plan.skipped.append(SkippedRow(line: set.line, .outOfRange, reason: "not a set Antrain can record: " + error.issues.map(\.description).joined(separator: "; ")))
                    continue
                }
                events.append(NewEvent(event, id: .importEvent("SetLogged", setID), recordedAt: loggedAt))
                logged += 1
            }
        }
        guard logged > 0 else { return nil }
        if let notes = ImportPlanner.clipped(workout.notes, 500) {
            events.append(NewEvent(WorkoutNotesChanged(workoutID: workoutID, notes: notes), id: .importEvent("WorkoutNotesChanged", workoutID),
                                   recordedAt: start.adding(seconds: span)))
        }
        let end = start.adding(seconds: max(span, 1))
        events.append(NewEvent(WorkoutCompleted(workoutID: workoutID, endedAt: end, durationSeconds: max(span, 1)),
                               id: .importEvent("WorkoutCompleted", workoutID), recordedAt: end))
        plan.workouts += 1
        plan.sets += logged
        return PlannedStream(stream: "workout-" + workoutID.uuidString.lowercased(), events: events)
    }

    /// The library's exercise of this name, or a custom one created on first use.
    private mutating func exerciseID(for exercise: ImportedExercise) -> UUID {
        if let known = library.exercise(named: exercise.name) { return known }
        let key = KnownLibrary.key(exercise.name)
        if let created = exerciseIDs[key] { return created }
        let id = UUID.stable("import", "exercise", key)
        let definition = CustomExercise.definition(name: ImportPlanner.name(exercise.name) ?? "Imported exercise",
                                                   category: exercise.category, sets: setsByExercise[key] ?? exercise.sets)
        exerciseIDs[key] = id
        createdExercises.append(PlannedStream(stream: "exercise-" + id.uuidString.lowercased(), events: [
            NewEvent(ExerciseCreated(exerciseID: id, definition: definition), id: .importEvent("ExerciseCreated", id)),
        ]))
        return id
    }
}
