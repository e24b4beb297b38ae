import AntrainEvents

extension CatalogueText {
    /// The field tables of every event type and value type, in declaration order.
    static let fields: [String: [Field]] = [
        "WorkoutStarted": [
            Field("workoutID", "The new workout's id."),
            Field("type", "Lifting, cardio or metcon."),
            Field("name", "An optional name (\"Push day\"), 1 to 100 characters after trimming."),
            Field("templateID", "The template it was started from, if any."),
            Field("programDay", "The program day it was started from, if any."),
            Field("startedAt", "When it started."),
            Field("timeZone", "The IANA time zone the athlete trained in (\"Europe/Berlin\"), which decides the calendar day a workout counts for. Added in version 2; older workouts read as \"UTC\"."),
        ],
        "ExerciseAddedToWorkout": [
            Field("workoutID", "The workout."),
            Field("entryID", "This occurrence of the exercise in the workout (one exercise may appear twice)."),
            Field("exerciseID", "The exercise of the library."),
            Field("position", "Its position among the workout's exercises, from 1 (at most 99)."),
        ],
        "SetLogged": [
            Field("workoutID", "The workout."),
            Field("entryID", "The exercise occurrence the set belongs to."),
            Field("setID", "The set's own id, which corrections and removals name."),
            Field("performance", "What was done, or is planned."),
            Field("loggedAt", "When it was done (a set planned at a workout's start: the start)."),
        ],
        "SetCorrected": [
            Field("workoutID", "The workout."),
            Field("setID", "The set corrected."),
            Field("performance", "The corrected performance, in full."),
            Field("doneAt", "Optional (version 3): when this correction marks a planned set done, the time it was done, which the set "
                  + "carries from then on (a record it sets is dated by it); left out, the set keeps its time."),
        ],
        "SetRemoved": [
            Field("workoutID", "The workout."),
            Field("setID", "The set."),
        ],
        "ExerciseRemovedFromWorkout": [
            Field("workoutID", "The workout."),
            Field("entryID", "The occurrence removed."),
        ],
        "ExercisesReordered": [
            Field("workoutID", "The workout."),
            Field("entryIDs", "Every occurrence, in the new order (1 to 99, none repeated)."),
        ],
        "WorkoutNotesChanged": [
            Field("workoutID", "The workout."),
            Field("notes", "The new notes, at most 500 characters."),
        ],
        "WorkoutRPERecorded": [
            Field("workoutID", "The workout."),
            Field("rpe", "Rate of perceived exertion, 1 to 10 (halves allowed)."),
        ],
        "WorkoutCompleted": [
            Field("workoutID", "The workout."),
            Field("endedAt", "When it ended."),
            Field("durationSeconds", "How long it lasted, in seconds (pauses excluded, so not always end minus start); above 0, at most a day."),
        ],
        "WorkoutCancelled": [
            Field("workoutID", "The workout."),
            Field("cancelledAt", "When it was cancelled."),
        ],
        "WorkoutDeleted": [
            Field("workoutID", "The workout."),
        ],
        "ExerciseCreated": [
            Field("exerciseID", "The new exercise's id (presets: `UUID.stable(\"preset\", \"exercise\", slug)`)."),
            Field("definition", "What the exercise is."),
            Field("isPreset", "Whether it ships with the app; an edit does not change where an exercise came from."),
        ],
        "ExerciseUpdated": [
            Field("exerciseID", "The exercise."),
            Field("definition", "The new definition, in full."),
        ],
        "ExerciseDeleted": [
            Field("exerciseID", "The exercise."),
        ],
        "ExerciseCategoryCreated": [
            Field("categoryID", "The new category's id."),
            Field("name", "Its name, 1 to 100 characters after trimming."),
        ],
        "ExerciseCategoryRenamed": [
            Field("categoryID", "The category."),
            Field("name", "The new name, 1 to 100 characters after trimming."),
        ],
        "ExerciseCategoryDeleted": [
            Field("categoryID", "The category."),
        ],
        "TemplateCreated": [
            Field("templateID", "The new template's id (presets: `UUID.stable(\"preset\", \"template\", slug)`)."),
            Field("name", "Its name, 1 to 100 characters after trimming."),
            Field("notes", "Notes, at most 500 characters."),
            Field("items", "Its exercises and breaks, in order, with positions 1 to n (1 to 99 items)."),
        ],
        "TemplateUpdated": [
            Field("templateID", "The template."),
            Field("name", "The new name, 1 to 100 characters after trimming."),
            Field("notes", "The new notes, at most 500 characters; absent clears them."),
            Field("items", "The new items, in order, with positions 1 to n (1 to 99 items)."),
        ],
        "TemplateDeleted": [
            Field("templateID", "The template."),
        ],
        "ProgramCreated": [
            Field("programID", "The new program's id (presets: `UUID.stable(\"preset\", \"program\", slug)`)."),
            Field("definition", "What the program is."),
            Field("isPreset", "Whether it ships with the app; an edit does not change where a program came from."),
        ],
        "ProgramUpdated": [
            Field("programID", "The program."),
            Field("definition", "The new definition, in full."),
        ],
        "ProgramDuplicated": [
            Field("newProgramID", "The copy's id (not `sourceProgramID`)."),
            Field("sourceProgramID", "The program copied."),
            Field("definition", "The copy's definition, in full; its `name` is the copy's name (\"5/3/1 (copy)\")."),
        ],
        "ProgramDeleted": [
            Field("programID", "The program."),
        ],
        "ProgramActivated": [
            Field("programID", "The program."),
            Field("startDate", "The day of its week 1, day 1: the program's weeks are counted from it."),
        ],
        "ProgramDeactivated": [
            Field("programID", "The program."),
            Field("deactivatedAt", "When it was stopped."),
        ],
        "CardioLogged": [
            Field("workoutID", "The workout the session is; quick logs have a workout stream of their own."),
            Field("activity", "Run, bike, row, swim, walk, elliptical or ski."),
            Field("startedAt", "When it started."),
            Field("name", "An optional name (\"Sunday long run\"), 1 to 100 characters after trimming."),
            Field("distanceMetres", "The distance covered, in metres (above 0)."),
            Field("durationSeconds", "How long it lasted, in seconds (above 0, at most a day)."),
            Field("paceSecondsPerKilometre", "The average pace, in seconds per kilometre (above 0); with a distance, pace × distance must give the duration within the larger of 2 s and 1 %."),
            Field("notes", "Notes, at most 500 characters."),
            Field("timeZone", "The IANA zone it was done in, whose calendar day a session that is a workout of its own falls on, as a workout's start names it. Added in version 2; earlier sessions read as `\"UTC\"`."),
        ],
        "MetconLogged": [
            Field("workoutID", "The workout the session is; quick logs have a workout stream of their own."),
            Field("format", "AMRAP, EMOM or for time."),
            Field("startedAt", "When it started."),
            Field("name", "An optional name (\"Fran\"), 1 to 100 characters after trimming."),
            Field("rounds", "Rounds completed or prescribed, 1 to 999."),
            Field("durationSeconds", "How long it lasted, in seconds (above 0, at most a day)."),
            Field("result", "The score as free text, at most 200 characters (\"12 rounds + 5 reps\")."),
            Field("notes", "Notes, at most 500 characters."),
            Field("timeZone", "The IANA zone it was done in, whose calendar day a metcon that is a workout of its own falls on, as a workout's start names it. Added in version 2; earlier metcons read as `\"UTC\"`."),
        ],
        "FoodItemCreated": [
            Field("foodID", "The new food's id; presets have stable ids (`UUID.stable(\"preset\", \"food\", slug)`) so that seeding twice is recognised."),
            Field("definition", "Name, brand, nutrients, serving and category."),
            Field("isPreset", "Whether it is a preset shipped with the app rather than a food the user made."),
        ],
        "FoodItemUpdated": [
            Field("foodID", "The food."),
            Field("definition", "The new definition, in full."),
        ],
        "FoodItemDeleted": [
            Field("foodID", "The food."),
        ],
        "FoodFavourited": [
            Field("foodID", "The food."),
            Field("isFavourite", "True to mark it a favourite, false to unmark it."),
        ],
        "FoodLogged": [
            Field("entryID", "The entry's own id, which corrections and removals name."),
            Field("day", "The day it was eaten, which is also the diary stream it belongs to."),
            Field("meal", "Breakfast, lunch, dinner or snack."),
            Field("foodID", "The food of the library."),
            Field("foodName", "The food's name when it was logged (1 to 100 characters after trimming)."),
            Field("amountGrams", "The amount eaten, in grams (more than 0). Called `grams` in version 1."),
            Field("per100g", "The food's nutrients per 100 g when it was logged."),
            Field("loggedAt", "When it was logged."),
        ],
        "FoodEntryCorrected": [
            Field("entryID", "The entry corrected."),
            Field("day", "The entry's day, which names its diary stream."),
            Field("meal", "The meal, new or unchanged."),
            Field("amountGrams", "The amount in grams, new or unchanged (more than 0). Called `grams` in version 1."),
        ],
        "FoodEntryRemoved": [
            Field("entryID", "The entry removed."),
            Field("day", "The entry's day, which names its diary stream."),
        ],
        "ProfileUpdated": [
            Field("name", "The user's name, 1 to 100 characters after trimming."),
            Field("heightCentimetres", "Height, in centimetres (more than 0, at most 300)."),
            Field("sex", "Sex, for energy estimates."),
            Field("dateOfBirth", "The day of birth, from 1900-01-01 and not after `effectiveFrom`."),
            Field("activityLevel", "Activity outside training, for energy estimates."),
            Field("goals", "Daily nutrition targets."),
            Field("effectiveFrom", "The day the update, and the goals in particular, start applying."),
        ],
        "BodyweightRecorded": [
            Field("entryID", "The entry's own id."),
            Field("weight", "The weight, in the unit it was entered in (more than 0, at most 1000 kg). A number of kilograms called `weightKg` in version 1."),
            Field("recordedAt", "When it was measured."),
            Field("notes", "Notes, at most 200 characters."),
            Field("timeZone", "The IANA zone it was measured in, whose calendar day it falls on. Added in version 3; earlier weigh-ins read as `\"UTC\"`."),
        ],
        "SettingsChanged": [
            Field("weightUnit", "The unit weights are shown and entered in."),
            Field("distanceUnit", "The unit distances are shown and entered in."),
        ],
        // Value types
        "ProgramDayReference": [
            Field("programID", "The program."),
            Field("week", "The program's week number, 1 to 52."),
            Field("dayOfWeek", "The day of the week, 1 (Monday) to 7 (Sunday)."),
        ],
        "SetPerformance": [
            Field("setType", "Warm-up, normal, drop set or failure."),
            Field("reps", "Repetitions, 1 to 999."),
            Field("weight", "The load, in the unit it was entered in; 0 means bodyweight only. With reps, or the load of a timed or distance set (a weighted plank, a carry). A number of kilograms called `weightKg` in version 1."),
            Field("durationSeconds", "For timed exercises: seconds (above 0, at most a day)."),
            Field("distanceMetres", "For distance exercises: metres (above 0, at most 1,000,000)."),
            Field("completed", "Whether the set was done (a planned set not yet done is false)."),
            Field("rpe", "Rate of perceived exertion, 1 to 10."),
            Field("restSeconds", "Rest after the set, 0 to 600 seconds."),
            Field("notes", "Notes, at most 200 characters."),
        ],
        "ExerciseDefinition": [
            Field("name", "The name shown, 1 to 100 characters after trimming (\"Barbell Back Squat\")."),
            Field("category", "The built-in category it is listed under."),
            Field("kind", "How its sets are measured."),
            Field("equipment", "What it is done with."),
            Field("muscleGroups", "The muscle groups it trains, main ones first; at least one, none repeated."),
            Field("categoryIDs", "The user-defined categories it belongs to (see `ExerciseCategoryCreated`), at most 20, none repeated."),
            Field("description", "How to perform it, at most 1000 characters."),
            Field("youTubeURL", "A demonstration video: `youtube.com/watch?v=ID` or `youtu.be/ID` (see [Validation](#validation))."),
        ],
        "TemplateItem": [
            Field("kind", "`exercise` or `break`: which fields follow.", type: "String"),
            Field("position", "Its place in the template, from 1.", type: "Int"),
            Field("exerciseID", "Exercises only: the exercise of the library.", type: "UUID"),
            Field("target", "Exercises only: `repetitions` or `time`, which fields follow.", type: "String"),
            Field("sets", "`repetitions` only: sets, 1 to 99.", type: "Int"),
            Field("repsPerSet", "`repetitions` only: repetitions per set, 1 to 999.", type: "Int"),
            Field("restSeconds", "`repetitions` only: rest after each set, 0 to 600 seconds.", type: "Int"),
            Field("weight", "`repetitions` only, optional (version 2): the weight to start from, at least 0; a workout started from "
                  + "the template plans its sets at it, and a program suggests it at the day's intensity until the exercise has a "
                  + "completed working set (seed 004).", type: "Mass?"),
            Field("durationSeconds", "`time`: one bout of 1 to 3600 seconds; `break`: a break of 1 to 600 seconds.", type: "Int"),
        ],
        "ProgramDefinition": [
            Field("name", "The name shown, 1 to 100 characters after trimming."),
            Field("description", "What the program is about and how to run it, at most 1000 characters."),
            Field("category", "What it mainly develops."),
            Field("difficulty", "Who it is written for."),
            Field("durationWeeks", "How long it runs, 1 to 52 weeks."),
            Field("progression", "How its load rises from week to week."),
            Field("weeks", "The weeks it plans (1 to 52), numbered 1 to `durationWeeks`, each number once."),
        ],
        "ProgramWeek": [
            Field("number", "The week's number in the program, 1 to 52 and at most `durationWeeks`."),
            Field("name", "An optional name (\"Heavy week\"), 1 to 100 characters after trimming."),
            Field("notes", "Notes for the week (\"Test your singles on Friday\"), at most 500 characters. New in version 2."),
            Field("phase", "The training phase it belongs to (\"accumulation\", \"intensification\"), 1 to 50 characters after trimming."),
            Field("intensityModifier", "The load as a multiple of the templates' (0.9 is 90 %): above 0, at most 2."),
            Field("volumeModifier", "The volume (sets) as a multiple of the templates': above 0, at most 2."),
            Field("isDeload", "Whether it is a lighter week for recovery."),
            Field("days", "The training days (0 to 7), each day of the week at most once; the other days are rest."),
        ],
        "ProgramDay": [
            Field("dayOfWeek", "The day of the week, 1 (Monday) to 7 (Sunday)."),
            Field("name", "The name shown (\"Squat day\"), 1 to 100 characters after trimming."),
            Field("notes", "Notes for the day (\"Belt on the top sets\"), at most 500 characters. New in version 2."),
            Field("templateID", "The template to do, if any (none: the day is planned but free-form)."),
            Field("intensityOverride", "Replaces the week's intensity modifier for this day: above 0, at most 2."),
            Field("volumeOverride", "Replaces the week's volume modifier for this day: above 0, at most 2."),
            Field("suggestedRPE", "The effort to aim for, on the RPE scale of 1 to 10."),
        ],
        "FoodDefinition": [
            Field("name", "The name, 1 to 100 characters after trimming (\"Chicken breast, cooked\")."),
            Field("brand", "The brand, 1 to 50 characters after trimming (seed 001), for packaged foods."),
            Field("per100g", "Energy and macronutrients per 100 g."),
            Field("servingSizeG", "The usual serving, in grams (above 0)."),
            Field("category", "The category it is listed under."),
        ],
        "Nutrients": [
            Field("caloriesKcal", "Energy, in kilocalories, 0 to 900 (pure fat has about 900)."),
            Field("proteinG", "Protein, in grams, 0 to 100."),
            Field("carbsG", "Carbohydrates, in grams, 0 to 100."),
            Field("fatsG", "Fats, in grams, 0 to 100."),
        ],
        "NutritionGoals": [
            Field("caloriesKcal", "Energy, in kilocalories a day (more than 0)."),
            Field("proteinG", "Protein, in grams a day (0 or more)."),
            Field("carbsG", "Carbohydrates, in grams a day (0 or more)."),
            Field("fatsG", "Fats, in grams a day (0 or more)."),
        ],
    ]
}
