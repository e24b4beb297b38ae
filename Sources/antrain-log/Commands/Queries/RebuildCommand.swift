import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log rebuild`: builds the read models again from the first event and saves their state.
struct RebuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild read models from the start of the log and save their state.",
        discussion: """
            Without a name, rebuilds every read model; with names, only those (the others are \
            caught up from their stored state in the same command). Queries do not need this: \
            they catch up by themselves and rebuild a model whose stored state cannot be used \
            (another version, another log). Use it after a change of a model's logic, or to time \
            a full replay. Shows a progress bar on stderr when stderr is a terminal. The state \
            goes to <log>/projections/state.sqlite: a rebuild of every model writes a new file \
            and puts it in place whole when done (the link state.sqlite then names it), a \
            rebuild of some writes them in one transaction. Until then, queries read the state \
            as it was. When it cannot be written, exits 74. An unknown name exits 64 with the \
            known ones.

            Read models: \(StandardModels.names.joined(separator: ", ")). The names of earlier \
            builds still work: workout-history, personal-records and training-summary rebuild \
            training; display-units rebuilds settings; command-state rebuilds recorder.

            JSON: one object {"rebuilt": [names], "events", "seconds", "eventsPerSecond", \
            "stateBytes"}.

            Examples:
              antrain-log rebuild
              antrain-log rebuild training
              antrain-log rebuild training daily-nutrition --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The read models to rebuild (default: all).", valueName: "model"))
    var projections: [String] = []

    func validate() throws {
        _ = try global.textOrJSON("rebuild")
        if let unknown = projections.first(where: { !StandardModels.names.contains($0) && StandardModels.renamed[$0] == nil }) {
            throw ValidationError("There is no read model '\(unknown)'; known: \(StandardModels.names.joined(separator: ", ")).")
        }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let log = try await LogAccess.openForReading(place)
            let chosen = projections.isEmpty ? StandardModels.names
                : StandardModels.names.filter { name in projections.contains { $0 == name || StandardModels.renamed[$0] == name } }
            let store = try StateAccess.projections(StandardModels.all, place: place)
            // A rebuild folds millions of events in a process that ends right after: the heap
            // keeps what it frees for reuse rather than faulting in fresh pages.
            AllocatorTuning.forReadModels()
            let started = Date()
            let report: StateCatchUpReport
            do {
                report = try await Self.rebuild(store, log, Set(chosen))
            } catch {
                try? await log.close()
                throw error
            }
            try await log.close()
            guard report.saved else {
                throw CommandFailure(message: "the read models were rebuilt but their state could not be saved in \(store.path)",
                                     fix: place.directoryPath.map { "check that \(shellQuoted($0))/projections is writable, then run rebuild again" }
                                        ?? "check the role's rights on the state's tables, then run rebuild again",
                                     status: .ioFailure)
            }
            let seconds = Date().timeIntervalSince(started)
            let events = report.summary.decoded + report.summary.skipped
            let rate = seconds > 0 ? Double(events) / seconds : 0
            let bytes = (try? report.store.sizeInBytes()) ?? 0
            var output = Output()
            switch try global.textOrJSON("rebuild") {
            case .json:
                var object = JSONObjectBuilder()
                object.add("rebuilt", .array(chosen.map { .string($0) }))
                object.add("events", .integer(events))
                object.add("seconds", QueryJSON.number(seconds))
                object.add("eventsPerSecond", .integer(Int(rate.rounded())))
                object.add("stateBytes", .integer(bytes))
                output.jsonLine(object.value)
            case .text:
                output.line("rebuilt \(chosen.joined(separator: ", "))")
                output.line("\(DisplayText.grouped(Double(events))) events in \(DisplayText.number(seconds, decimals: 3)) s "
                    + "(\(DisplayText.grouped(rate)) events/s); state \(ReportShapes.bytes(UInt64(bytes)))")
            }
            output.flush()
        }
    }

    /// Runs the rebuild, with a progress bar when stderr is a terminal.
    static func rebuild(_ store: ProjectionStore, _ log: any LogReader, _ names: Set<String>) async throws -> StateCatchUpReport {
        guard Output.standardErrorIsTerminal else { return try await store.rebuild(log, names: names) }
        let bar = ProgressBar(label: "rebuilding", describeTotal: { "\($0) events" })
        defer { bar.finish() }
        return try await store.rebuild(log, names: names) { progress in
            bar.update(done: progress.offset - progress.startOffset, total: progress.endOffset - progress.startOffset)
        }
    }
}
