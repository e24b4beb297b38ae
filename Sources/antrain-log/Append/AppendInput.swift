import AntrainEvents
import AntrainJSON
import AntrainLog
import Foundation

/// One input line of `append`, checked and turned into an event.
struct AppendLine {
    /// 1-based line number in the input, for messages.
    var line: Int
    var stream: String
    /// Nil when the line names no expected version (then a batch may continue through it).
    var expectedVersion: ExpectedVersion?
    var event: ProposedEvent
}

/// Something wrong with one input line: which line, which field, what is wrong.
struct InputProblem: Equatable, CustomStringConvertible {
    var line: Int
    var field: String?
    var reason: String

    var description: String {
        "line \(line)" + (field.map { ": field \"\($0)\"" } ?? "") + ": " + reason
    }
}

/// Parses and checks `append`'s JSON Lines input, all of it before anything is appended.
///
/// Every check the engine would make per append (sizes, encodings, repeated ids) is made here
/// for the whole input, so that a bad line 900 cannot leave lines 1 to 899 appended: with
/// the engine's own checks (``RecordLimits``, `NewEvent.encoded`), not copies of them.
enum AppendInput {

    /// The events of every non-blank line, or every problem found (lines counted from 1).
    static func parse(_ input: [UInt8]) -> (lines: [AppendLine], problems: [InputProblem]) {
        var lines: [AppendLine] = []
        var problems: [InputProblem] = []
        var idLines: [UUID: Int] = [:]
        for (index, slice) in input.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var bytes = Array(slice)
            if bytes.last == 0x0D { bytes.removeLast() }
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            let number = index + 1
            switch parseLine(bytes, number: number).flatMap(checked) {
            case let .failure(found):
                problems += found.list
            case let .success(line):
                if let first = idLines[line.event.id] {
                    problems.append(InputProblem(line: number, field: "id", reason: "repeats the id of line \(first); every event needs its own id"))
                } else {
                    idLines[line.event.id] = number
                    lines.append(line)
                }
            }
        }
        return (lines, problems)
    }

    private struct Problems: Error { var list: [InputProblem] }

    private static func parseLine(_ bytes: [UInt8], number: Int) -> Result<AppendLine, Problems> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure(Problems(list: [InputProblem(line: number, field: nil, reason: "not valid JSON: \(error)")]))
        }
        guard case let .object(members) = value else {
            return .failure(Problems(list: [InputProblem(line: number, field: nil, reason: "must be a JSON object, not \(value.kindName)")]))
        }
        var fields = AppendFields(line: number, members: members)
        fields.checkAssignedByTheLog()
        if let event = fields.values[.event] { return domainEvent(event, fields: fields) }
        let stream = fields.name(.stream)
        let type = fields.name(.type)
        let schema = fields.schemaVersion()
        let id = fields.uuid(.id) ?? UUID()
        let recordedAt = fields.date(.recordedAt)
        let expected = fields.expectedVersion()
        let correlation = fields.uuid(.correlationID)
        let causation = fields.uuid(.causationID)
        let payload = fields.payload()
        guard fields.problems.isEmpty, let stream, let type, let schema, let payload else {
            return .failure(Problems(list: fields.problems))
        }
        if EventCatalog.standard.currentVersion(of: type) != nil {
            // A raw payload under a known type's name would be a record no replay can decode.
            return .failure(Problems(list: [InputProblem(line: number, field: "payload", reason:
                "\(type) is a domain event: give it in its JSON form under \"event\" (docs/EVENTS.md), not as a raw payload")]))
        }
        let event = ProposedEvent(id: id, type: type, schemaVersion: schema, payload: payload, recordedAt: recordedAt,
                                  correlationID: correlation, causationID: causation)
        return .success(AppendLine(line: number, stream: stream, expectedVersion: expected, event: event))
    }

    /// A line holding a domain event (`event`): stored in the binary form at the type's
    /// current schema version, in the event's own stream unless `stream` names the same one.
    private static func domainEvent(_ value: JSONValue, fields: AppendFields) -> Result<AppendLine, Problems> {
        var fields = fields
        for raw in [EventEnvelopeKey.payload, .payloadBase64] where fields.has(raw) {
            fields.fail(raw, "cannot stand beside \"event\": a line holds a domain event or a raw payload")
        }
        let stream = fields.has(.stream) ? fields.name(.stream) : nil
        let type = fields.name(.type)
        let id = fields.uuid(.id) ?? UUID()
        let recordedAt = fields.date(.recordedAt)
        let expected = fields.expectedVersion()
        let correlation = fields.uuid(.correlationID)
        let causation = fields.uuid(.causationID)
        guard let type else { return .failure(Problems(list: fields.problems)) }
        let event: any DomainEvent
        switch DomainEventInput.decode(type: type, event: value, line: fields.line) {
        case let .failure(problems): return .failure(Problems(list: fields.problems + problems.list))
        case let .success(decoded): event = decoded
        }
        let version = EventCatalog.standard.currentVersion(of: type) ?? 1
        if fields.has(.schemaVersion), let given = fields.schemaVersion(), given != version {
            fields.fail(.schemaVersion, "is \(given), but the JSON form is always the current shape, version \(version) of \(type)")
        }
        if let stream, stream != event.streamID {
            fields.fail(.stream, "is \(stream), but this \(type) belongs to stream \(event.streamID) (leave \"stream\" out to use it)")
        }
        var proposed: ProposedEvent?
        do {
            proposed = try NewEvent(event, id: id, correlationID: correlation, causationID: causation).encoded()
            // The instant as parsed: through a Timestamp it would be rounded down to the microsecond first.
            proposed?.recordedAt = recordedAt
        } catch let error as EventValidationError {
            for issue in error.issues { fields.fail(eventField: issue.field, "is \(issue.value); allowed: \(issue.allowed)") }
        } catch let LogError.invalidEvent(_, field, reason) {
            fields.fail(.event, "cannot be encoded: \(field) \(reason)")
        } catch {
            fields.fail(.event, "cannot be encoded: \(error)")
        }
        guard fields.problems.isEmpty, let proposed else { return .failure(Problems(list: fields.problems)) }
        return .success(AppendLine(line: fields.line, stream: event.streamID, expectedVersion: expected, event: proposed))
    }

    /// The line's event checked as the log checks an append (sizes, times), before anything
    /// is appended; a problem names the line's own field.
    private static func checked(_ line: AppendLine) -> Result<AppendLine, Problems> {
        do {
            try RecordLimits.check([line.event], stream: line.stream)
            return .success(line)
        } catch {
            guard case let .invalidEvent(_, field, reason) = error else {
                return .failure(Problems(list: [InputProblem(line: line.line, field: nil, reason: error.description)]))
            }
            return .failure(Problems(list: [InputProblem(line: line.line, field: field == "stream id" ? "stream" : field, reason: reason)]))
        }
    }
}
