import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log rebuild`: builds projections again from the first event and saves their checkpoints.
struct RebuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild projections from the start of the log and save their checkpoints.",
        discussion: """
            Without a name, rebuilds every projection; with names, only those (the others are \
            caught up from their checkpoints in the same read). Queries do not need this: they \
            catch up by themselves and rebuild a projection whose checkpoint is stale. Use it \
            after a change of a projection's logic, or to time a full replay. Shows a progress \
            bar on stderr when stderr is a terminal. Checkpoints go to <log>/projections; when \
            they cannot be written, exits 74. An unknown name exits 64 with the known ones.

            Projections: \(RebuildCommand.names.joined(separator: ", ")).

            JSON: one object {"rebuilt": [names], "events", "seconds", "eventsPerSecond", \
            "savedCheckpoints": [names]}.

            Examples:
              antrain-log rebuild
              antrain-log rebuild personal-records
              antrain-log rebuild workout-history daily-nutrition --format json
            """
    )

    /// Every projection the CLI keeps checkpoints of: the standard ones and the settings' units.
    static let names = LegacyStandardProjections.names + [LegacyDisplayUnits.name]

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The projections to rebuild (default: all).", valueName: "projection"))
    var projections: [String] = []

    func validate() throws {
        _ = try global.textOrJSON("rebuild")
        if let unknown = projections.first(where: { !Self.names.contains($0) }) {
            // Earlier builds had a projection of this name; say where its answers come from now.
            let hint = unknown == "exercise-stats" ? " The exercise stats are worked out from personal-records: rebuild that." : ""
            throw ValidationError("There is no projection '\(unknown)'; known: \(Self.names.joined(separator: ", ")).\(hint)")
        }
    }

    func run() async throws {
        try await CommandRunner.run(global) { directory in
            let log = try await LogAccess.openForReading(directory)
            AllocatorTuning.forReadModels()
            let hosts = LegacyStandardProjections().all + [Projection<LegacyDisplayUnits>()]
            let runner = ProjectionRunner(log: log, projections: hosts, checkpoints: CheckpointStore(logDirectory: directory))
            let chosen = projections.isEmpty ? Self.names : Self.names.filter(projections.contains)
            let started = Date()
            let report: CatchUpReport
            do {
                report = try await Self.rebuild(runner, Set(chosen))
            } catch let error as CheckpointError {
                try? await log.close()
                throw CommandFailure(message: "the projections were rebuilt but a checkpoint could not be saved: \(error)",
                                     fix: "check that \(CheckpointStore(logDirectory: directory).directory) is writable, then run rebuild again",
                                     status: ExitStatus.ioFailure)
            }
            try await log.close()
            let seconds = Date().timeIntervalSince(started)
            let events = report.summary.decoded + report.summary.skipped
            let rate = seconds > 0 ? Double(events) / seconds : 0
            var output = Output()
            switch try global.textOrJSON("rebuild") {
            case .json:
                var object = JSONObjectBuilder()
                object.add("rebuilt", .array(chosen.map { .string($0) }))
                object.add("events", .integer(events))
                object.add("seconds", QueryJSON.number(seconds))
                object.add("eventsPerSecond", .integer(Int(rate.rounded())))
                object.add("savedCheckpoints", .array(report.savedCheckpoints.map { .string($0) }))
                output.jsonLine(object.value)
            case .text:
                output.line("rebuilt \(chosen.joined(separator: ", "))")
                output.line("\(DisplayText.grouped(Double(events))) events in \(DisplayText.number(seconds, decimals: 3)) s "
                    + "(\(DisplayText.grouped(rate)) events/s)")
            }
            output.flush()
        }
    }

    /// Runs the rebuild, with a progress bar when stderr is a terminal.
    static func rebuild(_ runner: ProjectionRunner, _ names: Set<String>) async throws -> CatchUpReport {
        guard Output.standardErrorIsTerminal else { return try await runner.rebuild(names) }
        let bar = ProgressBar(label: "rebuilding", describeTotal: { "\($0) events" })
        defer { bar.finish() }
        return try await runner.rebuild(names) { progress in
            bar.update(done: progress.offset - progress.startOffset, total: progress.endOffset - progress.startOffset)
        }
    }
}
