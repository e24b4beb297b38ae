import AntrainProjections

/// `antrain-log exercise delete`: removes an exercise you made from the library.
typealias ExerciseDeleteCommand = LibraryDeleteCommand<ExerciseDeletion>

/// The words of `exercise delete`.
enum ExerciseDeletion: LibraryDeletion {
    static let words = LibraryDeletionWords(.exercise, "exercise delete",
                                            abstract: "Delete an exercise you made (presets stay); workouts that used it keep it.",
                                            example: "\"Landmine Press\"") { .deleteExercise(exerciseID: $0) }
}
