import AntrainEvents
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
    static let fields = ["stream", "type", "schemaVersion", "id", "recordedAt", "expectedVersion",
                         "correlationId", "causationId", "payload", "event"]

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
        var fields = FieldReader(line: number)
        for member in members {
            if !Self.fields.contains(member.key) {
                fields.fail(member.key, "is not a field of an event (allowed: \(Self.fields.joined(separator: ", ")))")
            } else if fields.values[member.key] != nil {
                fields.fail(member.key, "appears twice")
            } else {
                fields.values[member.key] = member.value
            }
        }
        if let event = fields.values["event"] { return domainEvent(event, fields: fields) }
        let stream = fields.name("stream")
        let type = fields.name("type")
        let schema = fields.schemaVersion()
        let id = fields.uuid("id") ?? UUID()
        let recordedAt = fields.date("recordedAt")
        let expected = fields.expectedVersion()
        let correlation = fields.uuid("correlationId")
        let causation = fields.uuid("causationId")
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
    private static func domainEvent(_ value: JSONValue, fields: FieldReader) -> Result<AppendLine, Problems> {
        var fields = fields
        if fields.values["payload"] != nil { fail(&fields, "payload", "cannot stand beside \"event\": a line holds a domain event or a raw payload") }
        let stream = fields.values["stream"] == nil ? nil : fields.name("stream")
        let type = fields.name("type")
        let id = fields.uuid("id") ?? UUID()
        let recordedAt = fields.date("recordedAt")
        let expected = fields.expectedVersion()
        let correlation = fields.uuid("correlationId")
        let causation = fields.uuid("causationId")
        guard let type else { return .failure(Problems(list: fields.problems)) }
        let event: any DomainEvent
        switch DomainEventInput.decode(type: type, event: value, line: fields.line) {
        case let .failure(problems): return .failure(Problems(list: fields.problems + problems.list))
        case let .success(decoded): event = decoded
        }
        let version = EventCatalog.standard.currentVersion(of: type) ?? 1
        if fields.values["schemaVersion"] != nil, let given = fields.schemaVersion(), given != version {
            fail(&fields, "schemaVersion", "is \(given), but the JSON form is always the current shape, version \(version) of \(type)")
        }
        if let stream, stream != event.streamID {
            fail(&fields, "stream", "is \(stream), but this \(type) belongs to stream \(event.streamID) (leave \"stream\" out to use it)")
        }
        var proposed: ProposedEvent?
        do {
            proposed = try NewEvent(event, id: id, correlationID: correlation, causationID: causation).encoded()
            // The instant as parsed: through a Timestamp it would be rounded down to the microsecond first.
            proposed?.recordedAt = recordedAt
        } catch let error as EventValidationError {
            for issue in error.issues { fail(&fields, "event.\(issue.field)", "is \(issue.value); allowed: \(issue.allowed)") }
        } catch let LogError.invalidEvent(_, field, reason) {
            fail(&fields, "event", "cannot be encoded: \(field) \(reason)")
        } catch {
            fail(&fields, "event", "cannot be encoded: \(error)")
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

    private static func fail(_ fields: inout FieldReader, _ field: String, _ reason: String) { fields.fail(field, reason) }

    /// Reads the fields of one line, noting every problem rather than stopping at the first.
    private struct FieldReader {
        let line: Int
        var values: [String: JSONValue] = [:]
        var problems: [InputProblem] = []

        init(line: Int) { self.line = line }

        mutating func fail(_ field: String, _ reason: String) {
            problems.append(InputProblem(line: line, field: field, reason: reason))
        }

        /// A present, non-null value; notes "is missing" when `required`.
        mutating func present(_ field: String, required: Bool) -> JSONValue? {
            guard let value = values[field], value != .null else {
                if required { fail(field, "is missing") }
                return nil
            }
            return value
        }

        /// `stream` and `type`: a non-empty string the log can store as a stream id or a type.
        mutating func name(_ field: String) -> String? {
            guard let value = present(field, required: true) else { return nil }
            guard case let .string(text) = value else { fail(field, "must be a string, not \(value.kindName)"); return nil }
            guard !text.isEmpty else { fail(field, "must not be empty"); return nil }
            let problem = field == "type" ? RecordLimits.problem(eventType: text) : RecordLimits.problem(streamID: text)
            if let problem {
                fail(field, problem)
                return nil
            }
            return text
        }

        mutating func schemaVersion() -> UInt16? {
            guard let value = present("schemaVersion", required: true) else { return nil }
            guard case let .number(text) = value, let version = UInt16(text) else {
                fail("schemaVersion", "must be a whole number from 0 to 65535, not \(value.compactText)")
                return nil
            }
            return version
        }

        mutating func uuid(_ field: String) -> UUID? {
            guard let value = present(field, required: false) else { return nil }
            guard case let .string(text) = value, let id = UUID(uuidString: text) else {
                fail(field, "must be a UUID string such as \"9b2c6a52-0d5e-4a7e-9a51-2b1f3c4d5e6f\", not \(value.compactText)")
                return nil
            }
            return id
        }

        mutating func date(_ field: String) -> Date? {
            guard let value = present(field, required: false) else { return nil }
            guard case let .string(text) = value, let date = TimeText.parse(text) else {
                fail(field, "must be an ISO 8601 date-time string such as \"2025-03-01T10:15:00Z\", not \(value.compactText)")
                return nil
            }
            return date
        }

        /// `"any"`, `"noStream"`, or a stream version as a number or a string of digits.
        mutating func expectedVersion() -> ExpectedVersion? {
            guard let value = present("expectedVersion", required: false) else { return nil }
            switch value {
            case .string("any"): return .any
            case .string("noStream"): return .noStream
            case let .string(text) where UInt64(text) != nil: return .exact(UInt64(text)!)
            case let .number(text) where UInt64(text) != nil: return .exact(UInt64(text)!)
            default:
                fail("expectedVersion", "must be \"any\", \"noStream\" or a stream version (0 or more), not \(value.compactText)")
                return nil
            }
        }

        /// The payload's compact JSON text as bytes: what the log stores until the event codec lands.
        mutating func payload() -> [UInt8]? {
            guard let value = values["payload"] else { fail("payload", "is missing"); return nil }
            let bytes = Array(value.compactText.utf8)
            if let problem = RecordLimits.problem(payloadBytes: bytes.count) {
                fail("payload", problem + " (counted as compact JSON, as it is stored)")
                return nil
            }
            return bytes
        }
    }
}
