import AntrainProjections
import AntrainRecording

/// The fix printed under a refusal of the rules: the rule's message says what was asked and
/// why not; this says what to do instead, in commands of this tool.
enum RefusalFixes {
    static func fix(for code: CommandError.Code) -> String {
        switch code {
        case .workoutAlreadyActive:
            return "finish it with antrain-log workout complete, or drop it with antrain-log workout cancel, then start the new one"
        case .workoutNotActive:
            return "start a workout with antrain-log workout start, or name the active one with --workout ID"
        case .wrongWorkoutType:
            return "log sets into a lifting workout; log cardio and metcons with antrain-log cardio and antrain-log metcon"
        case .noCompletedSet:
            return "log a set with antrain-log workout set EXERCISE WEIGHT x REPS, or cancel the workout with antrain-log workout cancel"
        case .noQuickLogData:
            return "log the session into it with antrain-log cardio ACTIVITY --time T --workout ID (or antrain-log metcon FORMAT "
                + "--time T --workout ID), or cancel the workout with antrain-log workout cancel"
        case .templateWithoutExercise:
            return "add at least one exercise: --item \"EXERCISE=SETSxREPS\" or --item EXERCISE=DURATION, beside the breaks"
        case .alreadyExists:
            return "run the command again without the id: a new one is made each time"
        case .notFound:
            return "check the id (antrain-log cat --format json shows the ids), or name the item instead"
        case .deleted:
            return "deleted items stay deleted; name one that is not deleted, or create a new one"
        case .setNotFound:
            return "check the set id printed by antrain-log workout set, and the workout (--workout ID)"
        case .exerciseNotInWorkout:
            return "antrain-log show WORKOUT lists the workout's exercises in order; name each by its place or its name"
        case .setTimeOutsideWorkout:
            return "give the time the set was done with --at, between the workout's start and end (antrain-log show WORKOUT)"
        case .duplicateCategoryName:
            return "choose another name; antrain-log exercise category list shows the categories"
        case .presetCannotBeRenamed:
            return "presets keep their names; make your own with antrain-log exercise category add NAME"
        case .entryNotFound:
            return "antrain-log nutrition --date DAY lists a day's entries with their ids; name the entry's day with --date"
        case .setDoesNotFitExercise:
            return "log it as the exercise is measured (antrain-log workout set --help shows each kind), or pick another exercise"
        case .presetCannotBeDeleted:
            return "presets stay in the library; leave it unused, or make your own with another name"
        case .templateInUse:
            return "delete the programs you made that use it (antrain-log program delete NAME) first; a template a preset program uses stays"
        case .duplicateProgramName:
            return "choose another name (program add takes it first, program edit and program duplicate with --name); "
                + "antrain-log program list shows the names in use"
        case .duplicateName:
            return "choose another name, or use the one of that name (antrain-log exercise show, food show or template show NAME)"
        case .noActiveProgram:
            return "nothing to do; antrain-log program activate NAME starts following one"
        case .implausibleFigure:
            return "correct the figure (a unit or a zero too many?); docs/EVENTS.md, Plausibility, lists the ceilings"
        case .invalidEvent:
            return "correct the value named above (docs/EVENTS.md, Validation, lists the limits) and run the command again"
        case .conflict:
            return "run the command again: it is checked against what the other writer appended"
        }
    }
}
