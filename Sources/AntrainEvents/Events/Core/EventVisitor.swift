/// Receives events by their concrete type, without casts: the fast way for a projection to
/// apply a stream of `any DomainEvent`.
///
/// ```swift
/// struct SetCounter: EventVisitor {
///     var sets = 0
///     mutating func visit(_ event: SetLogged, _ stored: StoredEvent) { sets += 1 }
/// }
/// var counter = SetCounter()
/// try await log.replay { stored in stored.event.accept(&counter, stored) }
/// ```
///
/// Every method has an empty default, so a visitor implements only the events it cares
/// about. `stored` carries the record's metadata (offset, stream, time); `stored.event` is
/// `event` itself. ``DomainEvent/accept(_:_:)`` calls the method for the event's type: one
/// dynamic dispatch per event, where a chain of `as?` casts would cost one per case tried.
public protocol EventVisitor {
    /// Applies a `SetLogged`.
    mutating func visit(_ event: SetLogged, _ stored: StoredEvent)
    /// Applies a `SetCorrected`.
    mutating func visit(_ event: SetCorrected, _ stored: StoredEvent)
    /// Applies a `ExerciseAddedToWorkout`.
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent)
    /// Applies a `ExerciseRemovedFromWorkout`.
    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent)
    /// Applies a `ExercisesReordered`.
    mutating func visit(_ event: ExercisesReordered, _ stored: StoredEvent)
    /// Applies a `SetRemoved`.
    mutating func visit(_ event: SetRemoved, _ stored: StoredEvent)
    /// Applies a `WorkoutStarted`.
    mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent)
    /// Applies a `WorkoutNotesChanged`.
    mutating func visit(_ event: WorkoutNotesChanged, _ stored: StoredEvent)
    /// Applies a `WorkoutRPERecorded`.
    mutating func visit(_ event: WorkoutRPERecorded, _ stored: StoredEvent)
    /// Applies a `WorkoutCompleted`.
    mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent)
    /// Applies a `WorkoutCancelled`.
    mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent)
    /// Applies a `WorkoutDeleted`.
    mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent)
    /// Applies a `CardioLogged`.
    mutating func visit(_ event: CardioLogged, _ stored: StoredEvent)
    /// Applies a `MetconLogged`.
    mutating func visit(_ event: MetconLogged, _ stored: StoredEvent)
    /// Applies a `ExerciseCategoryCreated`.
    mutating func visit(_ event: ExerciseCategoryCreated, _ stored: StoredEvent)
    /// Applies a `ExerciseCategoryRenamed`.
    mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: StoredEvent)
    /// Applies a `ExerciseCategoryDeleted`.
    mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: StoredEvent)
    /// Applies a `ExerciseCreated`.
    mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent)
    /// Applies a `ExerciseUpdated`.
    mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent)
    /// Applies a `ExerciseDeleted`.
    mutating func visit(_ event: ExerciseDeleted, _ stored: StoredEvent)
    /// Applies a `TemplateCreated`.
    mutating func visit(_ event: TemplateCreated, _ stored: StoredEvent)
    /// Applies a `TemplateUpdated`.
    mutating func visit(_ event: TemplateUpdated, _ stored: StoredEvent)
    /// Applies a `TemplateDeleted`.
    mutating func visit(_ event: TemplateDeleted, _ stored: StoredEvent)
    /// Applies a `ProgramActivated`.
    mutating func visit(_ event: ProgramActivated, _ stored: StoredEvent)
    /// Applies a `ProgramDeactivated`.
    mutating func visit(_ event: ProgramDeactivated, _ stored: StoredEvent)
    /// Applies a `ProgramCreated`.
    mutating func visit(_ event: ProgramCreated, _ stored: StoredEvent)
    /// Applies a `ProgramUpdated`.
    mutating func visit(_ event: ProgramUpdated, _ stored: StoredEvent)
    /// Applies a `ProgramDuplicated`.
    mutating func visit(_ event: ProgramDuplicated, _ stored: StoredEvent)
    /// Applies a `ProgramDeleted`.
    mutating func visit(_ event: ProgramDeleted, _ stored: StoredEvent)
    /// Applies a `FoodLogged`.
    mutating func visit(_ event: FoodLogged, _ stored: StoredEvent)
    /// Applies a `FoodEntryCorrected`.
    mutating func visit(_ event: FoodEntryCorrected, _ stored: StoredEvent)
    /// Applies a `FoodEntryRemoved`.
    mutating func visit(_ event: FoodEntryRemoved, _ stored: StoredEvent)
    /// Applies a `FoodItemCreated`.
    mutating func visit(_ event: FoodItemCreated, _ stored: StoredEvent)
    /// Applies a `FoodItemUpdated`.
    mutating func visit(_ event: FoodItemUpdated, _ stored: StoredEvent)
    /// Applies a `FoodItemDeleted`.
    mutating func visit(_ event: FoodItemDeleted, _ stored: StoredEvent)
    /// Applies a `FoodFavourited`.
    mutating func visit(_ event: FoodFavourited, _ stored: StoredEvent)
    /// Applies a `BodyweightRecorded`.
    mutating func visit(_ event: BodyweightRecorded, _ stored: StoredEvent)
    /// Applies a `SettingsChanged`.
    mutating func visit(_ event: SettingsChanged, _ stored: StoredEvent)
    /// Applies a `ProfileUpdated`.
    mutating func visit(_ event: ProfileUpdated, _ stored: StoredEvent)
}

extension EventVisitor {
    // The defaults do nothing but leave a mark (see DefaultVisitMark), so that a replay can
    // learn which events a visitor ignores and skip them.
    public mutating func visit(_ event: SetLogged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExercisesReordered, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutNotesChanged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutRPERecorded, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: WorkoutDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: CardioLogged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: MetconLogged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseCategoryCreated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseCategoryRenamed, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseCategoryDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseCreated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseUpdated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ExerciseDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: TemplateCreated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: TemplateUpdated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: TemplateDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramActivated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramDeactivated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramCreated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramUpdated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramDuplicated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProgramDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodLogged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodEntryCorrected, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodEntryRemoved, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodItemCreated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodItemUpdated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodItemDeleted, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: FoodFavourited, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: BodyweightRecorded, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: SettingsChanged, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
    public mutating func visit(_ event: ProfileUpdated, _ stored: StoredEvent) { DefaultVisitMark.mark(Self.self) }
}
