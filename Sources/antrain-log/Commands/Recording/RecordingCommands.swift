import ArgumentParser

/// The commands that record what a person did, through the command rules.
enum RecordingCommands {
    static let all: [any ParsableCommand.Type] = []
}
