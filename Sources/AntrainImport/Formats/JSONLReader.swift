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
    ///
    /// Lines are parsed and checked on all cores; then, in file order, each event's id is
    /// compared with those of the lines before it and the runs are built.
    public static func read(_ data: Data) -> Contents {
        var streams: [PlannedStream] = []
        var problems: [LineProblem] = []
        var seen: [UUID: Int] = [:]
        var count = 0
        var linesBefore = 0
        for chunk in parseChunks(data) {
            seen.reserveCapacity(seen.count + chunk.outcomes.count)
            for outcome in chunk.outcomes {
                switch outcome {
                case let .problems(lineProblems):
                    problems += lineProblems.map { LineProblem(line: linesBefore + $0.line, field: $0.field, reason: $0.reason) }
                case let .event(line, new):
                    let lineNumber = linesBefore + line
                    if let first = seen[new.id] {
                        problems.append(LineProblem(line: lineNumber, field: "id", reason: "repeats the id of line \(first); every event needs its own id"))
                        continue
                    }
                    seen[new.id] = lineNumber
                    count += 1
                    if streams.last?.stream == new.event.streamID {
                        streams[streams.count - 1].events.append(new)
                    } else {
                        streams.append(PlannedStream(stream: new.event.streamID, events: [new]))
                    }
                }
            }
            linesBefore += chunk.lines
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
