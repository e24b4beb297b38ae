/// The event types of the exercise library, workout templates and training programs.
public enum LibraryEventTypes {
    /// Every one of them, in the order their files define them; each `eventType` appears once.
    public static let all: [any DomainEvent.Type] = [
        ExerciseCreated.self, ExerciseUpdated.self, ExerciseDeleted.self,
        ExerciseCategoryCreated.self, ExerciseCategoryRenamed.self, ExerciseCategoryDeleted.self,
        TemplateCreated.self, TemplateUpdated.self, TemplateDeleted.self,
        ProgramCreated.self, ProgramUpdated.self, ProgramDuplicated.self, ProgramDeleted.self,
        ProgramActivated.self, ProgramDeactivated.self,
    ]
}
