import ArgumentParser

/// The commands that answer questions from the projections, and replay them over a season:
/// a group of the top-level help (`rebuild` is under log maintenance).
enum QueryCommands {
    static let group = CommandGroup(name: "Queries", subcommands: [
        HistoryCommand.self, ShowCommand.self, PRsCommand.self, StatsCommand.self, NutritionCommand.self,
        SummaryCommand.self, ReplayCommand.self,
    ])
}
