import ArgumentParser

/// The commands that answer questions from the projections, and rebuild or replay them.
enum QueryCommands {
    static let all: [any ParsableCommand.Type] = [
        HistoryCommand.self, ShowCommand.self, PRsCommand.self, StatsCommand.self, NutritionCommand.self,
        SummaryCommand.self, RebuildCommand.self, ReplayCommand.self,
    ]
}
