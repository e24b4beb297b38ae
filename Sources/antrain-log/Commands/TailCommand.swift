import AntrainEvents
import AntrainLog
import ArgumentParser

/// `antrain-log tail`: the last records, and optionally every new one as it is appended.
struct TailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print the last records of a log; with --follow, keep printing new ones.",
        discussion: """
            Reads only the last segment(s), however long the log. With --follow, waits for new \
            records (appended by any process; checked every 50 ms) and prints each as soon as \
            it is committed, until interrupted with Ctrl-C (SIGINT) or SIGTERM, then exits 0. \
            Output shapes are those of cat. Opens the log read-only, so it runs beside a writer.

            Examples:
              antrain-log tail
              antrain-log tail -n 50
              antrain-log tail -n 0 --follow --format json | jq -c .event
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: [.customShort("n"), .customLong("lines")], help: ArgumentHelp("How many of the last records to print.", valueName: "n"))
    var count: Int = 10

    @Flag(name: [.customShort("f"), .long], help: "Keep printing records as they are appended, until interrupted.")
    var follow = false

    func validate() throws {
        if count < 0 { throw ValidationError("-n must be 0 or more.") }
    }

    func run() async throws {

        _ = try global.textOrJSON("tail")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let log = try await LogAccess.openForReading(place)
            let formatter = RecordFormatter(format: try global.textOrJSON("tail"))
            let (last, end) = try await Self.lastRecords(of: log, count: count)
            var output = Output()
            last.forEach { formatter.write($0, to: &output) }
            output.flush()
            guard follow else { return try await log.close() }
            let following = Task {
                var output = Output()
                for try await record in log.subscribe(ReadFilter(startOffset: end)) {
                    formatter.write(record, to: &output)
                    // Flushed per record: whoever reads a follow wants each record as it comes.
                    output.flush()
                }
            }
            let signals = InterruptSignals(cancelling: following)
            defer { withExtendedLifetime(signals) {} }
            try await following.value
            try await log.close()
        }
    }

    /// The last `count` records and the offset after the end of the log.
    ///
    /// The end comes from the last segment's index and headers, so only the records wanted
    /// are read, whatever the size of the log.
    static func lastRecords(of log: any LogReader, count: Int) async throws -> (records: [LogRecord], end: UInt64) {
        let end = try await log.end().nextOffset
        let start = end - min(end, UInt64(count))
        var records: [LogRecord] = []
        for try await record in log.records(ReadFilter(startOffset: start, endOffset: end)) { records.append(record) }
        return (records, end)
    }
}
