import AntrainEvents
import AntrainProjections
import Foundation

extension Command {
    /// The stream the command's events go to (its events' `streamID`), known before the rules
    /// run, so that the ``Recorder`` can take the stream's version before it reads the facts:
    /// anything appended to the stream after that fails the append as a conflict.
    public var streamID: String {
        switch self {
        case let .startWorkout(workoutID, _, _, _, _, _, _, _), let .addExercise(workoutID, _, _),
             let .removeExercise(workoutID, _), let .reorderExercises(workoutID, _),
             let .logSet(workoutID, _, _, _, _, _), let .correctSet(workoutID, _, _, _), let .removeSet(workoutID, _),
             let .changeWorkoutNotes(workoutID, _), let .recordWorkoutRPE(workoutID, _), let .completeWorkout(workoutID, _, _),
             let .cancelWorkout(workoutID, _), let .deleteWorkout(workoutID):
            return StreamName.workout(workoutID)
        case let .logCardio(event): return event.streamID
        case let .logMetcon(event): return event.streamID
        case let .createExercise(exerciseID, _), let .updateExercise(exerciseID, _), let .deleteExercise(exerciseID):
            return StreamName.exercise(exerciseID)
        case let .createCategory(categoryID, _), let .renameCategory(categoryID, _), let .deleteCategory(categoryID):
            return StreamName.category(categoryID)
        case let .createTemplate(templateID, _, _, _), let .updateTemplate(templateID, _, _, _), let .deleteTemplate(templateID):
            return StreamName.template(templateID)
        case let .createProgram(programID, _), let .updateProgram(programID, _), let .duplicateProgram(programID, _, _),
             let .deleteProgram(programID):
            return StreamName.program(programID)
        case .activateProgram, .deactivateProgram: return StreamName.activeProgram
        case let .createFood(foodID, _), let .updateFood(foodID, _), let .deleteFood(foodID), let .favouriteFood(foodID, _):
            return StreamName.food(foodID)
        case let .logFood(_, day, _, _, _, _), let .correctFoodEntry(_, day, _, _), let .removeFoodEntry(_, day):
            return StreamName.diary(day)
        case .recordBodyweight: return StreamName.bodyweight
        case let .updateProfile(event): return event.streamID
        case .changeSettings: return StreamName.settings
        }
    }
}
