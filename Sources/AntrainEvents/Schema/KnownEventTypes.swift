/// Every event type of the app, by domain area.
public enum KnownEventTypes {
    /// All of them.
    public static let all: [any DomainEvent.Type] = LiftingEventTypes.all + LibraryEventTypes.all
        + NutritionAndBodyEventTypes.all
}

/// The events of live lifting sessions.
public enum LiftingEventTypes {
    /// All of them.
    public static let all: [any DomainEvent.Type] = [
        WorkoutStarted.self, ExerciseAddedToWorkout.self, SetLogged.self, SetCorrected.self, SetRemoved.self,
        ExerciseRemovedFromWorkout.self, ExercisesReordered.self, WorkoutNotesChanged.self, WorkoutRPERecorded.self,
        WorkoutCompleted.self, WorkoutCancelled.self, WorkoutDeleted.self,
    ]
}
