import AntrainEvents

/// Every keyed read model the command-line tool keeps in a log's state store: what `rebuild`
/// rebuilds, by these names.
public enum StandardModels {
    /// The models, in the order `rebuild` lists them.
    package static let all: [any KeyedReadModel.Type] = [
        TrainingProjection.self, NutritionProjection.self, BodyweightProjection.self, LibraryProjection.self,
        ProgramsProjection.self, SettingsProjection.self, RecorderProjection.self,
    ]

    /// Their names.
    public static var names: [String] { all.map { $0.name } }

    /// The model an earlier build's projection name now lives in, for names that changed: the
    /// workout history, personal records (with the exercise stats) and training summary are
    /// one model, `training`, since they share each workout's sets; the display units are the
    /// settings; the command state is the recorder's facts.
    public static let renamed: [String: String] = [
        "workout-history": TrainingProjection.name, "personal-records": TrainingProjection.name,
        "training-summary": TrainingProjection.name, "exercise-stats": TrainingProjection.name,
        "display-units": SettingsProjection.name, "command-state": RecorderProjection.name,
    ]
}
