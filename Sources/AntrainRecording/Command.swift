import AntrainEvents
import AntrainProjections
import Foundation

/// What the user asks to do. A ``Recorder`` checks a command against the current state and
/// turns it into events, or refuses it with a ``CommandError``.
///
/// Commands carry the ids of what they create (so that a caller knows them, and a retry can
/// reuse them) and every value, instants included: neither the rules nor the events read the
/// clock. The quick logs and the profile carry their event's values as the event itself,
/// since the command has exactly its fields.
public enum Command: Sendable {
    // MARK: Live workouts

    /// Start a workout; at most one may be active. A lifting workout may start with planned
    /// exercises and sets (from a template or a program day), in the same append.
    case startWorkout(workoutID: UUID, type: WorkoutType, name: String? = nil, templateID: UUID? = nil,
                      programDay: ProgramDayReference? = nil, at: Timestamp, timeZone: String = "UTC",
                      plan: [PlannedExercise] = [])
    /// Add an exercise of the library to the active lifting workout, after the others.
    case addExercise(workoutID: UUID, entryID: UUID, exerciseID: UUID)
    /// Take an exercise, with its sets, out of the active lifting workout.
    case removeExercise(workoutID: UUID, entryID: UUID)
    /// Put every exercise of the active lifting workout in a new order.
    case reorderExercises(workoutID: UUID, entryIDs: [UUID])
    /// Log a set of `exerciseID` under `entryID` in the active lifting workout, or one
    /// forgotten in a completed lifting workout at a time within it; an entry not in the
    /// workout yet is added first, in the same append.
    case logSet(workoutID: UUID, entryID: UUID, exerciseID: UUID, setID: UUID, performance: SetPerformance, at: Timestamp)
    /// Correct a set of a lifting workout (active or ended, not deleted); `doneAt` when it
    /// marks a planned set done, the time it was done (within the workout).
    case correctSet(workoutID: UUID, setID: UUID, performance: SetPerformance, doneAt: Timestamp? = nil)
    /// Remove a set of a lifting workout (active or ended, not deleted).
    case removeSet(workoutID: UUID, setID: UUID)
    /// Replace a workout's notes.
    case changeWorkoutNotes(workoutID: UUID, notes: String)
    /// Record how hard a workout felt.
    case recordWorkoutRPE(workoutID: UUID, rpe: Double)
    /// Complete the active workout; a lifting workout needs a completed set.
    case completeWorkout(workoutID: UUID, endedAt: Timestamp, durationSeconds: Double)
    /// Cancel the active workout.
    case cancelWorkout(workoutID: UUID, at: Timestamp)
    /// Delete a workout.
    case deleteWorkout(workoutID: UUID)

    // MARK: Quick logs

    /// Log a cardio session: on a new workout id, or into an active cardio workout.
    case logCardio(CardioLogged)
    /// Log a metcon: on a new workout id, or into an active metcon workout.
    case logMetcon(MetconLogged)

    // MARK: Library

    /// Create an exercise the user owns.
    case createExercise(exerciseID: UUID, definition: ExerciseDefinition)
    /// Replace an exercise's definition.
    case updateExercise(exerciseID: UUID, definition: ExerciseDefinition)
    /// Delete an exercise the user made (presets stay).
    case deleteExercise(exerciseID: UUID)
    /// Create an exercise category of the user's own, with a name no other category has.
    case createCategory(categoryID: UUID, name: String)
    /// Give an own category a new name no other category has.
    case renameCategory(categoryID: UUID, name: String)
    /// Delete an own category; its exercises stay in the library.
    case deleteCategory(categoryID: UUID)
    /// Create a template of existing exercises.
    case createTemplate(templateID: UUID, name: String, notes: String? = nil, items: [TemplateItem])
    /// Replace a template's name, notes and items.
    case updateTemplate(templateID: UUID, name: String, notes: String? = nil, items: [TemplateItem])
    /// Delete a template no program uses.
    case deleteTemplate(templateID: UUID)

    // MARK: Programs

    /// Create a program with a name no other program has (ignoring case).
    case createProgram(programID: UUID, definition: ProgramDefinition)
    /// Replace a program's definition; the name stays unique.
    case updateProgram(programID: UUID, definition: ProgramDefinition)
    /// Copy a program under a new, unique name.
    case duplicateProgram(newProgramID: UUID, sourceProgramID: UUID, name: String)
    /// Delete a program the user made (presets stay).
    case deleteProgram(programID: UUID)
    /// Start following a program from `startDate`.
    case activateProgram(programID: UUID, startDate: CalendarDay)
    /// Stop following the active program.
    case deactivateProgram(at: Timestamp)

    // MARK: Nutrition, body, settings

    /// Create a food the user owns.
    case createFood(foodID: UUID, definition: FoodDefinition)
    /// Replace a food's definition.
    case updateFood(foodID: UUID, definition: FoodDefinition)
    /// Delete a food the user made (presets stay).
    case deleteFood(foodID: UUID)
    /// Mark a food as a favourite, or unmark it.
    case favouriteFood(foodID: UUID, isFavourite: Bool)
    /// Log `grams` of a food on `day`; the entry copies the food's name and nutrients.
    case logFood(entryID: UUID, day: CalendarDay, meal: Meal, foodID: UUID, grams: Double, at: Timestamp)
    /// Give a diary entry of `day` a new meal and amount (its food stays).
    case correctFoodEntry(entryID: UUID, day: CalendarDay, meal: Meal, grams: Double)
    /// Take a diary entry out of `day`.
    case removeFoodEntry(entryID: UUID, day: CalendarDay)
    /// Record a bodyweight.
    case recordBodyweight(entryID: UUID, weight: Mass, at: Timestamp, notes: String? = nil, timeZone: String = "UTC")
    /// Update the profile.
    case updateProfile(ProfileUpdated)
    /// Change the units.
    case changeSettings(weightUnit: MassUnit, distanceUnit: DistanceUnit)
}
