import AntrainJSON
import AntrainLog
import AntrainPostgres
import ArgumentParser
import Foundation

/// `antrain-log copy`: a log copied into another, a directory's into a server's or back,
/// every event at the same offset with the same id, stream, version and time.
struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a log into another: a directory log to a PostgreSQL server, or back.",
        discussion: """
            Every event keeps its offset, id, stream, stream version and recorded-at time, \
            so both logs export the same bytes (export --format jsonl) and answer every \
            query the same. The copy takes the source as it is when the copy starts.

            The source is --from (a directory, or a postgresql:// URL), else the command's \
            log (--log-dir, or --store and --log). The target is --to, a directory or a \
            postgresql:// URL; --log names the log on the server side (--to-log when both \
            sides are servers). The target must be empty, or hold what an earlier copy of \
            the same source left (interrupted, or before the source grew): the copy then \
            goes on after it. Anything else is refused and nothing is written.

            With --follow, the copy goes on: every commit appended to the source later is \
            copied as it comes (a mirror), a line printed for each round that copied \
            something, until interrupted (Ctrl-C or SIGTERM, exit 0).

            Into a server, each source commit stays one commit and keeps the source's chain \
            hash beside the server's own (docs/FORMAT.md); verify checks the server's chain. \
            Into a directory, the events are appended many to a block.

            Examples:
              antrain-log copy --log-dir ~/antrain --to postgresql://coach@db.example.net/antrain --log dana
              antrain-log copy --from postgresql://coach@db.example.net/antrain --log dana --to ~/dana-mirror
              antrain-log copy --log-dir ~/antrain --to ~/antrain-backup --format json
            """
    )

    @OptionGroup var location: LogLocation

    @Option(name: .long, help: ArgumentHelp("The log to copy: a directory or a postgresql:// URL (default: the command's log).",
                                            valueName: "dir-or-url"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Where to copy it: a directory or a postgresql:// URL.", valueName: "dir-or-url"))
    var to: String

    @Option(name: .customLong("to-log"), help: ArgumentHelp("The target's log name on its server, when both sides are servers.",
                                                            valueName: "name"))
    var toLog: String?

    @Option(name: .long, help: ArgumentHelp("How to print the summary: text or json.", valueName: "format"))
    var format: OutputFormat = .text

    @Flag(name: .long, help: "After the copy, copy every later commit of the source as it comes, until interrupted.")
    var follow = false

    func run() async throws {
        let (source, target) = try places()
        try await CommandRunner.run(place: source) { source in
            let reader = try await LogAccess.openForReading(source)
            let writer: any LogWriter
            do {
                writer = try await LogAccess.openForWriting(target, create: true)
            } catch let error as LogError {
                throw CommandFailure(error, place: target)
            } catch let error as PostgresLogError {
                throw CommandFailure(error, place: target)
            }
            let bar = Output.standardErrorIsTerminal ? ProgressBar(label: "copying", describeTotal: { "\($0) events" }) : nil
            let report: LogCopyReport
            do {
                report = try await LogCopier.copy(from: reader, to: writer) { copied, total in bar?.update(done: copied, total: total) }
            } catch let error as LogCopyError {
                bar?.finish()
                throw CommandFailure(message: "cannot copy \(source) into \(target): \(error)", status: .rejectedInput)
            }
            bar?.finish()
            write(report, source: source, target: target)
            if follow {
                let following = Task {
                    var copiedTo = report.end.offset
                    while !Task.isCancelled {
                        await reader.waitForAppends(timeout: .milliseconds(250))
                        // A round only when the source grew: an idle mirror reads nothing more.
                        guard !Task.isCancelled, try await reader.end().nextOffset > copiedTo else { continue }
                        let round = try await LogCopier.copy(from: reader, to: writer)
                        copiedTo = round.end.offset
                        if round.copiedEvents > 0 { write(round, source: source, target: target) }
                    }
                }
                let signals = InterruptSignals(cancelling: following)
                defer { withExtendedLifetime(signals) {} }
                try await following.value
            }
            try await writer.close()
            try await reader.close()
        }
    }

    /// The source and the target, from --from, --to and the log options.
    func places() throws -> (source: LogPlace, target: LogPlace) {
        let environment = ProcessInfo.processInfo.environment
        let name = location.logName ?? environment["ANTRAIN_LOG"].flatMap { $0.isEmpty ? nil : $0 }
        let source: LogPlace
        if let from {
            guard location.logDir == nil, location.store == nil else {
                throw ValidationError("--from names the log to copy; leave out --log-dir and --store.")
            }
            source = try Self.place(from, name: name, option: "--from")
        } else if location.store == nil, location.logName != nil, Self.isURL(to) {
            // `copy --log-dir DIR --to URL --log NAME`: --log names the target.
            source = .directory(try LogLocation.resolveLogDirectory(option: location.logDir, environment: environment))
        } else {
            source = try location.resolvedPlace()
        }
        let target = try Self.place(to, name: toLog ?? name, option: "--to")
        if source.description == target.description {
            throw ValidationError("--to names the log being copied (\(source)); copy into another log.")
        }
        return (source, target)
    }

    /// A log named by a directory or a server URL and the log's name there.
    static func place(_ text: String, name: String?, option: String) throws -> LogPlace {
        guard isURL(text) else {
            return .directory(try LogLocation.resolveLogDirectory(option: text, environment: [:]))
        }
        guard let name, !name.isEmpty, name.utf8.count <= 200 else {
            throw ValidationError("\(option) names a server: give the log's name there with --log NAME (or --to-log NAME).")
        }
        do {
            return .server(try PostgresServerAddress(text), name: name)
        } catch let error as PostgresLogError {
            throw ValidationError("\(option): \(error)")
        }
    }

    static func isURL(_ text: String) -> Bool { text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") }

    /// Prints a copy's summary, flushed at once (a follow prints one per round).
    private func write(_ report: LogCopyReport, source: LogPlace, target: LogPlace) {
        var output = Output()
        switch format {
        case .json: output.jsonLine(summaryJSON(report, source: source, target: target))
        case .text: summaryText(report, source: source, target: target).forEach { output.line($0) }
        }
        output.flush()
    }

    private func summaryJSON(_ report: LogCopyReport, source: LogPlace, target: LogPlace) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("source", .string(source.description))
        object.add("target", .string(target.description))
        object.add("alreadyThere", .integer(Int(report.alreadyThere)))
        object.add("copiedEvents", .integer(Int(report.copiedEvents)))
        object.add("copiedCommits", .integer(report.copiedCommits))
        object.add("endOffset", .integer(Int(report.end.offset)))
        object.add("sourceChainHead", .string(report.end.chainHash.hex))
        object.add("targetChainHead", .string(report.targetEnd.chainHash.hex))
        return object.value
    }

    private func summaryText(_ report: LogCopyReport, source: LogPlace, target: LogPlace) -> [String] {
        let kept = report.alreadyThere > 0 ? " (after the \(report.alreadyThere) events an earlier copy left)" : ""
        return [
            "copied \(report.copiedEvents) events in \(report.copiedCommits) commits from \(source) to \(target)\(kept)",
            "both end at offset \(report.end.offset); chain head \(report.end.chainHash.hex.prefix(16)) in the source, "
                + "\(report.targetEnd.chainHash.hex.prefix(16)) in the target",
        ]
    }
}
