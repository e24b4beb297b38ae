import AntrainEvents
import AntrainLog
import ArgumentParser
import Foundation

/// `antrain-log cat`: prints records, filtered by offset, stream, type and time.
struct CatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Print records with their metadata, optionally filtered.",
        discussion: """
            Text output is one line per record: OFFSET TIME STREAM@VERSION TYPE EVENT, with \
            the time in the local time zone and the event in its JSON form (docs/EVENTS.md; \
            old schema versions shown upcast). Records of types this build does not know \
            show their payload as compact JSON, or as base64:... when it is not JSON. JSON \
            output is JSON Lines, one object per record with the event under "event" \
            (fields in docs/CLI.md).

            Filters combine (a record must pass all). Dates are ISO 8601: a date \
            (2025-03-01, local midnight) or a date-time (2025-03-01T10:15:00, local; or with \
            Z or +01:00). Opens the log read-only, so it can run beside a writer.

            Examples:
              antrain-log cat
              antrain-log cat --stream workout-42
              antrain-log cat --type SetLogged --type FoodLogged --since 2025-03-01 --until 2025-03-08
              antrain-log cat --from 1000 --to 2000 --format json | jq .event
              antrain-log cat --limit 5
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("First offset to print.", valueName: "offset"))
    var from: UInt64 = 0

    @Option(name: .long, help: ArgumentHelp("Offset to stop before (exclusive).", valueName: "offset"))
    var to: UInt64?

    @Option(name: .long, help: ArgumentHelp("Only records of this stream.", valueName: "stream"))
    var stream: String?

    @Option(name: .long, help: ArgumentHelp("Only records of this event type (repeat for several).", valueName: "type"))
    var type: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only records recorded at or after this ISO 8601 date or date-time.", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("Only records recorded before this ISO 8601 date or date-time.", valueName: "date"))
    var until: String?

    @Option(name: .long, help: ArgumentHelp("Print at most this many records.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let to, to < from { throw ValidationError("--to (\(to)) must not be less than --from (\(from)).") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more.") }
        for (option, name) in [("--stream", stream)] + type.map({ ("--type", Optional($0)) }) {
            guard let name else { continue }
            guard !name.isEmpty else { throw ValidationError("\(option) must not be empty.") }
            // No record holds a longer name: the log's own limit (stream ids and types share it).
            let most = option == "--stream" ? RecordLimits.maxStreamIDBytes : RecordLimits.maxEventTypeBytes
            guard name.utf8.count <= most else {
                throw ValidationError("\(option) is \(name.utf8.count) UTF-8 bytes; stream and type names are at most \(most).")
            }
        }
        _ = try timeRange()
    }

    /// The `--since`/`--until` range, or nil when neither is given.
    func timeRange() throws -> Range<Date>? {
        guard since != nil || until != nil else { return nil }
        let lower = try since.map { try Self.date($0, option: "--since") } ?? Date.distantPast
        let upper = try until.map { try Self.date($0, option: "--until") } ?? Date.distantFuture
        guard lower <= upper else { throw ValidationError("--since must not be later than --until.") }
        return lower..<upper
    }

    static func date(_ text: String, option: String) throws -> Date {
        guard let date = TimeText.parse(text) else {
            throw ValidationError("\(option) '\(text)' is not an ISO 8601 date (2025-03-01) or date-time (2025-03-01T10:15:00Z).")
        }
        return date
    }

    func run() async throws {

        _ = try global.textOrJSON("cat")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let log = try await LogAccess.openForReading(place)
            let filter = ReadFilter(startOffset: from, endOffset: to, streamID: stream,
                                    eventTypes: type.isEmpty ? nil : Set(type), timeRange: try timeRange())
            let formatter = RecordFormatter(format: try global.textOrJSON("cat"))
            var output = Output()
            var printed = 0
            // Records before damage are printed (and flushed) before the damage is reported.
            defer { output.flush() }
            if limit != 0 {
                for try await record in log.records(filter) {
                    formatter.write(record, to: &output)
                    printed += 1
                    if let limit, printed >= limit { break }
                }
            }
            try await log.close()
        }
    }
}
