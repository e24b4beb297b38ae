/// Receives events by their concrete type, without casts: the fast way for a projection to
/// apply a stream of `any DomainEvent`.
///
/// ```swift
/// struct SetCounter: EventVisitor {
///     var sets = 0
///     mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { sets += 1 }
/// }
/// var counter = SetCounter()
/// try await log.replay { stored in stored.event.accept(&counter, stored) }
/// ```
///
/// Every method has an empty default, so a visitor implements only the events it cares
/// about. `stored` carries the record's metadata (offset, stream, time). On an
/// `any DomainEvent`, `accept` calls the method for the event's type: one dynamic dispatch per
/// event, where a chain of `as?` casts would cost one per case tried; a replay calls it
/// through ``EventColumns/visit(at:with:)``, a switch that needs no box at all. The order of
/// these methods numbers the kinds of ``EventColumns``: after adding one, run
/// `scripts/generate-event-columns.py`.
public protocol EventVisitor {
    /// Applies a `SetLogged`.
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata)
    /// Applies a `SetCorrected`.
    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata)
    /// Applies a `ExerciseAddedToWorkout`.
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata)
    /// Applies a `ExerciseRemovedFromWorkout`.
    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata)
    /// Applies a `ExercisesReordered`.
    mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata)
    /// Applies a `SetRemoved`.
    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata)
    /// Applies a `WorkoutStarted`.
    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata)
    /// Applies a `WorkoutNotesChanged`.
    mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata)
    /// Applies a `WorkoutRPERecorded`.
    mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata)
    /// Applies a `WorkoutCompleted`.
    mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata)
    /// Applies a `WorkoutCancelled`.
    mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata)
    /// Applies a `WorkoutDeleted`.
    mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata)
    /// Applies a `CardioLogged`.
    mutating func visit(_ event: CardioLogged, _ stored: EventMetadata)
    /// Applies a `MetconLogged`.
    mutating func visit(_ event: MetconLogged, _ stored: EventMetadata)
    /// Applies a `ExerciseCategoryCreated`.
    mutating func visit(_ event: ExerciseCategoryCreated, _ stored: EventMetadata)
    /// Applies a `ExerciseCategoryRenamed`.
    mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: EventMetadata)
    /// Applies a `ExerciseCategoryDeleted`.
    mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: EventMetadata)
    /// Applies a `ExerciseCreated`.
    mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata)
    /// Applies a `ExerciseUpdated`.
    mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata)
    /// Applies a `ExerciseDeleted`.
    mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata)
    /// Applies a `TemplateCreated`.
    mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata)
    /// Applies a `TemplateUpdated`.
    mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata)
    /// Applies a `TemplateDeleted`.
    mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata)
    /// Applies a `ProgramActivated`.
    mutating func visit(_ event: ProgramActivated, _ stored: EventMetadata)
    /// Applies a `ProgramDeactivated`.
    mutating func visit(_ event: ProgramDeactivated, _ stored: EventMetadata)
    /// Applies a `ProgramCreated`.
    mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata)
    /// Applies a `ProgramUpdated`.
    mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata)
    /// Applies a `ProgramDuplicated`.
    mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata)
    /// Applies a `ProgramDeleted`.
    mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata)
    /// Applies a `FoodLogged`.
    mutating func visit(_ event: FoodLogged, _ stored: EventMetadata)
    /// Applies a `FoodEntryCorrected`.
    mutating func visit(_ event: FoodEntryCorrected, _ stored: EventMetadata)
    /// Applies a `FoodEntryRemoved`.
    mutating func visit(_ event: FoodEntryRemoved, _ stored: EventMetadata)
    /// Applies a `FoodItemCreated`.
    mutating func visit(_ event: FoodItemCreated, _ stored: EventMetadata)
    /// Applies a `FoodItemUpdated`.
    mutating func visit(_ event: FoodItemUpdated, _ stored: EventMetadata)
    /// Applies a `FoodItemDeleted`.
    mutating func visit(_ event: FoodItemDeleted, _ stored: EventMetadata)
    /// Applies a `FoodFavourited`.
    mutating func visit(_ event: FoodFavourited, _ stored: EventMetadata)
    /// Applies a `BodyweightRecorded`.
    mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata)
    /// Applies a `SettingsChanged`.
    mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata)
    /// Applies a `ProfileUpdated`.
    mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata)
}

extension EventVisitor {
    // The defaults do nothing: a visitor implements only what it handles. (A read model also
    // lists those types, so that a fold skips the rest without a call: KeyedReadModel.)
    public mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExercisesReordered, _ stored: EventMetadata) {}
    public mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutNotesChanged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutCompleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutCancelled, _ stored: EventMetadata) {}
    public mutating func visit(_ event: WorkoutDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: CardioLogged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: MetconLogged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseCategoryCreated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseCreated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseUpdated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ExerciseDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramActivated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramDeactivated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodLogged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodEntryCorrected, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodEntryRemoved, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodItemCreated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodItemUpdated, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodItemDeleted, _ stored: EventMetadata) {}
    public mutating func visit(_ event: FoodFavourited, _ stored: EventMetadata) {}
    public mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {}
    public mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) {}
    public mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) {}
}
