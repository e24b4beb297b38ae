import AntrainEvents
import AntrainJSON
import AntrainLog
import ArgumentParser
import Foundation

/// `antrain-log info`: sizes, counts, time span and event types of a log.
struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a log's size, event counts, time span, event types and chain head.",
        discussion: """
            Opens the log read-only: it takes no lock, changes no file, and may run while \
            another process appends. Reads every block (without hashing; use verify for that).

            Examples:
              antrain-log info
              antrain-log info --log-dir /var/lib/antrain/log --format json | jq .eventsPerType
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {

        _ = try global.textOrJSON("info")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let log = try await LogAccess.openForReading(place)
            let info = try await log.info()
            try await log.close()
            var output = Output()
            switch try global.textOrJSON("info") {
            case .json: output.jsonLine(Self.json(info))
            case .text: Self.text(info).forEach { output.line($0) }
            }
            output.flush()
        }
    }

    /// The JSON contract of `info` (docs/CLI.md): one object.
    static func json(_ info: LogInfo) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("path", .string(info.path))
        object.add("events", .integer(info.events))
        object.add("segments", .integer(info.segments))
        object.add("blocks", .integer(info.blocks))
        object.add("bytesOnDisk", .integer(info.bytesOnDisk))
        object.add("uncompressedBytes", .integer(info.uncompressedBytes))
        object.add("compressionRatio", .double(info.compressionRatio))
        object.add("firstTimestamp", ifPresent: info.firstTimestamp.map { .string(TimeText.utc($0)) })
        object.add("lastTimestamp", ifPresent: info.lastTimestamp.map { .string(TimeText.utc($0)) })
        object.add("streams", .integer(info.streams))
        // Sorted by name so that output is stable from run to run.
        object.add("eventsPerType", .object(info.eventsPerType.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) }))
        object.add("chainHead", .string(info.chainHead))
        return object.value
    }

    /// Labelled lines for people; times in the local time zone.
    static func text(_ info: LogInfo) -> [String] {
        var lines = [
            "log:                \(info.path)",
            "segments:           \(info.segments)",
            "blocks:             \(info.blocks)",
            "events:             \(info.events)",
            "bytes on disk:      \(ReportShapes.bytes(info.bytesOnDisk))",
            "uncompressed bytes: \(ReportShapes.bytes(info.uncompressedBytes))",
            "compression ratio:  \(String(format: "%.2f", info.compressionRatio))",
            "first event:        \(info.firstTimestamp.map { TimeText.local($0) } ?? "-")",
            "last event:         \(info.lastTimestamp.map { TimeText.local($0) } ?? "-")",
            "streams:            \(info.streams)",
            "chain head:         \(info.chainHead)",
            "events per type:\(info.eventsPerType.isEmpty ? "    -" : "")",
        ]
        let width = info.eventsPerType.keys.map(\.count).max() ?? 0
        for (type, count) in info.eventsPerType.sorted(by: { $0.key < $1.key }) {
            let name = RecordFormatter.oneLine(type)
            lines.append("  \(name)\(String(repeating: " ", count: max(1, width - type.count + 2)))\(count)")
        }
        return lines
    }
}
