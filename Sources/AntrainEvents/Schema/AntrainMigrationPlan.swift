/// The migration plan of this build: every upcaster of every event type.
public enum AntrainMigrationPlan {
    /// The plan.
    public static let plan = EventMigrationPlan([])
}
