import ArgumentParser

/// The commands that record what a person did, through the command rules: two groups of
/// the top-level help.
enum RecordingCommands {
    /// What was done and the person's own settings.
    static let recording = CommandGroup(name: "Recording", subcommands: [
        WorkoutCommand.self, CardioCommand.self, MetconCommand.self, EatCommand.self, DiaryCommand.self, BodyweightCommand.self,
        ProfileCommand.self, SettingsCommand.self,
    ])

    /// The library's exercises, foods, templates and programs, and its presets (`seed`).
    static let library = CommandGroup(name: "Library", subcommands: [
        ExerciseCommand.self, FoodCommand.self, TemplateCommand.self, ProgramCommand.self, SeedCommand.self,
    ])
}
