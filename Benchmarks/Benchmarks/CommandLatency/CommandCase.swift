/// One command of bar 1 as the benchmarks run it: the state it starts from, the commands
/// that append before each measured run (not measured), and the command measured.
struct CommandCase: Sendable {
    /// Whether a workout must be active when the case starts.
    enum WorkoutState: Sendable { case none, active }

    /// The name in the benchmark's title: the command as a user types it.
    var name: String
    var state: WorkoutState
    /// Run before each iteration, outside the measurement: at least one append, so that the
    /// command measured runs right after one (its state is one command behind the log).
    var before: [[String]]
    /// The measured command (`--log-dir` is added).
    var command: [String]

    static let day = CommandFixtures.lastDay
    static let set = ["workout", "set", "Barbell Bench Press", "100kg", "x", "5"]
    static let eat = ["eat", "Rolled oats", "80g", "--meal", "breakfast", "--day", day]
    static let weighIn = ["bodyweight", "80kg", "--at", day + "T06:45"]

    /// The recording commands of bar 1.
    static let recording: [CommandCase] = [
        // Each iteration cancels the workout the last one started (the first cancels the
        // one the case started), then starts another.
        CommandCase(name: "workout start", state: .active, before: [["workout", "cancel"]],
                    command: ["workout", "start", "--name", "Benchmark"]),
        // Sets in a row, as a user logs them.
        CommandCase(name: "workout set", state: .active, before: [set], command: set),
        CommandCase(name: "workout complete", state: .none, before: [["workout", "start", "--name", "Benchmark"], set],
                    command: ["workout", "complete"]),
        CommandCase(name: "eat", state: .none, before: [weighIn], command: eat),
        CommandCase(name: "bodyweight 80kg", state: .none, before: [eat], command: weighIn),
    ]

    /// The queries of bar 1, each after an append that its answer reads: a set in the
    /// active workout for the training answers, a diary entry for nutrition, a weigh-in for
    /// bodyweight. Queries that read a date range count the logs' last day as today.
    static let queries: [CommandCase] = [
        CommandCase(name: "history --limit 20", state: .active, before: [set], command: ["history", "--limit", "20"]),
        CommandCase(name: "show ID", state: .active, before: [set], command: ["show", "{workout}"]),
        CommandCase(name: "prs NAME", state: .active, before: [set], command: ["prs", "Barbell Bench Press"]),
        CommandCase(name: "prs", state: .active, before: [set], command: ["prs"]),
        CommandCase(name: "stats", state: .active, before: [set], command: ["stats"]),
        CommandCase(name: "nutrition", state: .none, before: [eat], command: ["nutrition", "--today", day]),
        CommandCase(name: "bodyweight", state: .none, before: [weighIn], command: ["bodyweight", "--today", day]),
        CommandCase(name: "program", state: .active, before: [set], command: ["program", "--today", day]),
        CommandCase(name: "summary", state: .active, before: [set], command: ["summary", "--today", day]),
    ]
}
