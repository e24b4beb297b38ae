import ArgumentParser

/// The commands that move data in and out: import, export, generate.
enum DataCommands {
    static let all: [any ParsableCommand.Type] = []
}
