import AntrainEvents
import AntrainJSON
import AntrainLog
import ArgumentParser
import Foundation

/// `antrain-log append`: appends events given as JSON Lines.
struct AppendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Append events read as JSON Lines from a file or standard input.",
        discussion: """
            Each line is one domain event in its JSON form (docs/EVENTS.md lists every type \
            and field):
              {"type": "WorkoutRPERecorded",
               "event": {"workoutID": "6F9619FF-8B86-4011-B42D-00CF4FC964FF", "rpe": 8}}
            The event is checked field by field (unknown fields too) and stored in the \
            compact binary form, in its own stream ("stream" may be given and must match). \
            Optional fields: "id" (UUID; default a new one; resending a stored event with \
            the same id and content is a no-op), "recordedAt" (ISO 8601; default now), \
            "expectedVersion" ("any", "noStream" or a version number), "correlationID", \
            "causationID" (UUIDs), "schemaVersion" (must be the type's current one). The \
            keys are those of the one JSON event envelope that "cat --format json" and \
            "export" write, so their lines append as they are ("offset" and \
            "streamVersion" are ignored); the older spellings "eventId", "correlationId" \
            and "causationId" are read too.

            A line may instead carry a raw record of a type this build does not know: \
            "stream", "type", "schemaVersion" and "payload" (any JSON value, stored as \
            compact JSON text) or "payloadBase64" (the bytes, in base64).

            Every line is checked before anything is appended: one bad line appends nothing \
            (exit 65, each problem named by line and field). Consecutive lines of one stream \
            are appended together, atomically; a line expecting "noStream" or a version \
            number starts a new append. Creates the log when it does not exist.

            Examples:
              antrain-log append fixtures/events/training-week.jsonl
              antrain-log append - < import.jsonl
              printf '%s\\n' "$event_json" | antrain-log append
              antrain-log append --format json events.jsonl
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("JSON Lines file to read; standard input when omitted or '-'.", valueName: "file"))
    var file: String?

    @Option(name: .long, help: ArgumentHelp(
        "Advanced: seal a segment when the next block would pass this many bytes (default 64 MiB). For tests and tooling.",
        valueName: "bytes", visibility: .hidden))
    var segmentSize: UInt64?

    /// Events per append at most: keeps each block far from the format's 4 GiB block limit.
    static let maxBatchEvents = 1000
    /// Payload bytes per append at most, for the same reason.
    static let maxBatchBytes = 4 << 20

    func validate() throws {
        if let segmentSize, segmentSize == 0 { throw ValidationError("--segment-size must be more than 0 bytes.") }
    }

    func run() async throws {

        _ = try global.textOrJSON("append")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let (lines, problems) = AppendInput.parse(try readInput())
            guard problems.isEmpty else {
                // Every problem, so that one run of the fix loop can correct them all.
                problems.prefix(20).forEach { Output.error("error: \($0)") }
                if problems.count > 20 { Output.error("error: ... and \(problems.count - 20) more problems") }
                throw CommandFailure(message: "nothing was appended: the input has \(problems.count) problem\(problems.count == 1 ? "" : "s")",
                                     fix: "correct the lines named above and run the command again", status: .rejectedInput)
            }
            // One fsync at the end (close) instead of one per append: the summary is printed only
            // after it, so whatever the summary reports is durable, and a 20,000-line import with
            // alternating streams takes a second instead of minutes of fsyncs.
            var options = LogOptions(durability: .none)
            if let segmentSize { options.segmentSize = segmentSize }
            let log = try await LogAccess.openForWriting(place, create: true, options: options)
            if let cut = log.openingCut { Output.error("note: \(ReportShapes.text(cut))") }
            var summary = Summary()
            for batch in Self.batches(lines) {
                do {
                    summary.add(try await appendBatch(batch, to: log), lines: batch)
                } catch {
                    try? await log.close()
                    throw summary.failure(error, batch: batch, place: place)
                }
            }
            try await log.close()
            var output = Output()
            switch try global.textOrJSON("append") {
            case .json: output.jsonLine(summary.json(cut: log.openingCut))
            case .text: output.line(summary.text)
            }
            output.flush()
        }
    }

    private func readInput() throws -> [UInt8] {
        guard let file, file != "-" else {
            if isatty(0) == 1 { Output.error("reading JSON Lines from standard input (end with Ctrl-D)") }
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(message: "cannot read the input file \(file)", fix: "check the file's path and permissions",
                                 status: .noInput)
        }
        return Array(data)
    }

    private func appendBatch(_ batch: [AppendLine], to log: any LogWriter) async throws -> AppendResult {
        try await log.append(batch.map(\.event), to: batch[0].stream, expectedVersion: batch[0].expectedVersion ?? .any)
    }

    /// Groups consecutive lines of one stream into appends. A line expecting a version
    /// ("noStream" or a number) starts a new append, so that its check happens where the
    /// line stands; "any" checks nothing and lets the batch continue.
    static func batches(_ lines: [AppendLine]) -> [[AppendLine]] {
        var batches: [[AppendLine]] = []
        var bytes = 0
        for line in lines {
            if let last = batches.last?.last, last.stream == line.stream, line.expectedVersion ?? .any == .any,
               batches[batches.count - 1].count < maxBatchEvents, bytes + line.event.payload.count <= maxBatchBytes {
                batches[batches.count - 1].append(line)
                bytes += line.event.payload.count
            } else {
                batches.append([line])
                bytes = line.event.payload.count
            }
        }
        return batches
    }

    /// What the appends so far did, for the final summary or for the message when one fails.
    struct Summary {
        var appended = 0
        var alreadyStored = 0
        var appends = 0
        var firstOffset: UInt64?
        var lastOffset: UInt64?

        mutating func add(_ result: AppendResult, lines: [AppendLine]) {
            appends += 1
            if result.wasAlreadyStored { alreadyStored += lines.count } else { appended += lines.count }
            // Offsets of retried events may lie before new ones, hence min and max.
            firstOffset = min(firstOffset ?? .max, result.offsets.min() ?? .max)
            lastOffset = max(lastOffset ?? 0, result.offsets.max() ?? 0)
        }

        var text: String {
            var text = "appended \(appended) event\(appended == 1 ? "" : "s"), \(alreadyStored) already stored"
            if let firstOffset, let lastOffset { text += "; offsets \(firstOffset) to \(lastOffset)" }
            return text
        }

        func json(cut: TailCut?) -> JSONValue {
            var object = JSONObjectBuilder()
            object.add("appended", .integer(appended))
            object.add("alreadyStored", .integer(alreadyStored))
            object.add("appends", .integer(appends))
            object.add("firstOffset", ifPresent: firstOffset.map { .integer($0) })
            object.add("lastOffset", ifPresent: lastOffset.map { .integer($0) })
            object.add("openingCut", ifPresent: cut.map { ReportShapes.json($0) })
            return object.value
        }

        /// The failure of appending `batch`, naming its lines and saying what is already in
        /// the log: appends before it stay (each append is atomic, the input as a whole is not).
        func failure(_ error: any Error, batch: [AppendLine], place: LogPlace) -> any Error {
            guard let logError = error as? LogError, let first = batch.first?.line, let last = batch.last?.line else { return error }
            var failure = CommandFailure(logError, place: place)
            let lines = first == last ? "line \(first)" : "lines \(first) to \(last)"
            let kept = appends == 0 ? "nothing was appended"
                : "the lines before line \(first) were appended (\(text)), nothing from line \(first) on"
            failure.message = "\(lines): \(failure.message); \(kept)"
            return failure
        }
    }
}
