import AntrainEvents
import Foundation

/// Reads an events JSON Lines file (the form `antrain-log export --format jsonl` writes, see
/// `EventEnvelope` in docs/EVENTS.md) into the streams to append, checking every line first.
///
/// ```swift
/// let contents = JSONLReader.read(try Data(contentsOf: url))
/// guard contents.problems.isEmpty else { contents.problems.forEach { print($0) }; return }
/// for run in contents.streams { try await log.append(run.events) }
/// ```
public enum JSONLReader {
    /// What a JSON Lines file holds: runs of events, their count, and every line's problem.
    public struct Contents: Sendable {
        /// Consecutive lines of one stream, each run one append, in file order.
        public var streams: [PlannedStream]
        /// Events read.
        public var events: Int
        /// Lines that cannot be imported, with the field and the reason.
        public var problems: [LineProblem]
    }

    /// Something wrong with one line: which line, which field, what is wrong.
    public struct LineProblem: Sendable, Equatable, CustomStringConvertible {
        /// The line, from 1.
        public var line: Int
        /// The field, when one is to blame.
        public var field: String?
        /// What is wrong, and what is allowed.
        public var reason: String

        public var description: String {
            "line \(line)" + (field.map { ": field \"\($0)\"" } ?? "") + ": " + reason
        }
    }

    /// The events as runs of consecutive lines of one stream (one append each, in file order,
    /// so that an export imported into an empty log gets the same offsets), or every problem.
    public static func read(_ data: Data) -> Contents {
        var streams: [PlannedStream] = []
        var problems: [LineProblem] = []
        var seen: [UUID: Int] = [:]
        var count = 0
        var lineNumber = 0
        for slice in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard slice.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let line = Data(slice)
            let envelope: EventEnvelope
            do {
                envelope = try EventEnvelope.decode(line)
            } catch {
                problems.append(LineProblem(line: lineNumber, field: nil, reason: describe(error)))
                continue
            }
            let event = envelope.event
            if let stream = envelope.stream, stream != event.streamID {
                problems.append(LineProblem(line: lineNumber, field: "stream", reason: "is \(stream), but this \(envelope.type) belongs to stream \(event.streamID)"))
                continue
            }
            do {
                try event.validate()
            } catch {
                problems += error.issues.map { LineProblem(line: lineNumber, field: "event.\($0.field)", reason: "is \($0.value); allowed: \($0.allowed)") }
                continue
            }
            // Without an id, the line's own bytes give one, so importing the file again stores nothing new.
            let id = envelope.id ?? UUID.stable("import", "jsonl", String(decoding: line, as: UTF8.self))
            if let first = seen[id] {
                problems.append(LineProblem(line: lineNumber, field: "id", reason: "repeats the id of line \(first); every event needs its own id"))
                continue
            }
            seen[id] = lineNumber
            let new = NewEvent(event, id: id, recordedAt: envelope.recordedAt, correlationID: envelope.correlationID,
                               causationID: envelope.causationID)
            count += 1
            if streams.last?.stream == event.streamID {
                streams[streams.count - 1].events.append(new)
            } else {
                streams.append(PlannedStream(stream: event.streamID, events: [new]))
            }
        }
        return Contents(streams: streams, events: count, problems: problems)
    }

    /// A decoding error in words: the field and what is wrong, without Swift's type dump.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as CodecError: return error.field.map { "field \"\($0)\": " } .map { $0 + error.message } ?? error.message
        case let DecodingError.keyNotFound(key, context):
            return "field \"\(path(context.codingPath + [key]))\" is missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "field \"\(path(context.codingPath))\": \(context.debugDescription)"
        case let DecodingError.dataCorrupted(context):
            return context.codingPath.isEmpty ? "not a valid JSON object: \(context.debugDescription)"
                : "field \"\(path(context.codingPath))\": \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
