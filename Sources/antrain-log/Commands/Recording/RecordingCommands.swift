import ArgumentParser

/// The commands that record what a person did, through the command rules.
enum RecordingCommands {
    static let all: [any ParsableCommand.Type] = [
        WorkoutCommand.self, CardioCommand.self, MetconCommand.self, EatCommand.self, DiaryCommand.self, BodyweightCommand.self,
        ExerciseCommand.self, FoodCommand.self, TemplateCommand.self, ProgramCommand.self,
        ProfileCommand.self, SettingsCommand.self,
    ]
}
