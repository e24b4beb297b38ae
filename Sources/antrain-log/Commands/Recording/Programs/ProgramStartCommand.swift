import ArgumentParser

/// `antrain-log program start`: starts today's training day of the active program, the way
/// `workout start --program` does (one rule, one code path: it runs that command).
struct ProgramStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start today's training day of the active program, with its suggested sets planned.",
        discussion: """
            The same as antrain-log workout start --program: a lifting workout linked to the \
            program's day, named after it, with the sets, reps and weights program status \
            suggests as planned sets. Refused on a rest day or a day already done (the message \
            names the next training day), and while another workout is active.

            Examples:
              antrain-log program start
              antrain-log program start --at 07:30
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "A name for the workout (1 to 100 characters); the day's name by default.")
    var name: String?

    @Option(name: .long, help: ArgumentHelp("When it started: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func run() async throws {
        var arguments = ["--program", "--format", global.format.rawValue]
        if let directory = global.location.logDir { arguments += ["--log-dir", directory] }
        if let store = global.location.store { arguments += ["--store", store] }
        if let log = global.location.logName { arguments += ["--log", log] }
        if let name { arguments += ["--name", name] }
        if let at { arguments += ["--at", at] }
        // Parsed as the asynchronous command it is: its --template completes names from the log.
        try await WorkoutStartCommand.asyncParse(arguments).run()
    }
}
