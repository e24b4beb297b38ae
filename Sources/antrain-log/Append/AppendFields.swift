import AntrainEvents
import AntrainJSON
import AntrainLog
import Foundation

/// The members of one `append` line under the keys of the JSON event envelope
/// (``EventEnvelopeKey``), read and checked one by one, noting every problem rather than
/// stopping at the first. A member given under an older spelling (`correlationId`) is read as
/// its key, and problems name it as the line spells it.
struct AppendFields {
    let line: Int
    private(set) var values: [EventEnvelopeKey: JSONValue] = [:]
    /// How the line spells each key it has, for messages.
    private var spelled: [EventEnvelopeKey: String] = [:]
    private(set) var problems: [InputProblem] = []

    /// Every canonical key, for the message about a member that is not one.
    static let allowed = EventEnvelopeKey.allCases.map(\.rawValue).joined(separator: ", ")

    /// The members of `members`, each under its key; unknown and repeated members are problems.
    init(line: Int, members: [(key: String, value: JSONValue)]) {
        self.line = line
        for member in members {
            guard let key = EventEnvelopeKey(reading: member.key) else {
                problems.append(InputProblem(line: line, field: member.key, reason: "is not a field of an event (allowed: \(Self.allowed))"))
                continue
            }
            if let earlier = spelled[key] {
                let reason = earlier == member.key ? "appears twice" : "appears twice (also as \"\(earlier)\")"
                problems.append(InputProblem(line: line, field: member.key, reason: reason))
                continue
            }
            spelled[key] = member.key
            values[key] = member.value
        }
    }

    /// Notes a problem of a field inside the event (`event.performance.reps`).
    mutating func fail(eventField path: String, _ reason: String) {
        problems.append(InputProblem(line: line, field: "event.\(path)", reason: reason))
    }

    mutating func fail(_ key: EventEnvelopeKey, _ reason: String) {
        problems.append(InputProblem(line: line, field: spelled[key] ?? key.rawValue, reason: reason))
    }

    /// Whether the line has the member at all (`null` included).
    func has(_ key: EventEnvelopeKey) -> Bool { values[key] != nil }

    /// A present, non-null value; notes "is missing" when `required`.
    mutating func present(_ key: EventEnvelopeKey, required: Bool) -> JSONValue? {
        guard let value = values[key], value != .null else {
            if required { fail(key, "is missing") }
            return nil
        }
        return value
    }

    /// `stream` and `type`: a non-empty string the log can store as a stream id or a type.
    mutating func name(_ key: EventEnvelopeKey) -> String? {
        guard let value = present(key, required: true) else { return nil }
        guard case let .string(text) = value else { fail(key, "must be a string, not \(value.kindName)"); return nil }
        guard !text.isEmpty else { fail(key, "must not be empty"); return nil }
        if let problem = key == .type ? RecordLimits.problem(eventType: text) : RecordLimits.problem(streamID: text) {
            fail(key, problem)
            return nil
        }
        return text
    }

    mutating func schemaVersion() -> UInt16? {
        guard let value = present(.schemaVersion, required: true) else { return nil }
        guard case let .number(text) = value, let version = UInt16(text) else {
            fail(.schemaVersion, "must be a whole number from 0 to 65535, not \(value.compactText)")
            return nil
        }
        return version
    }

    mutating func uuid(_ key: EventEnvelopeKey) -> UUID? {
        guard let value = present(key, required: false) else { return nil }
        guard case let .string(text) = value, let id = UUID(uuidString: text) else {
            fail(key, "must be a UUID string such as \"9b2c6a52-0d5e-4a7e-9a51-2b1f3c4d5e6f\", not \(value.compactText)")
            return nil
        }
        return id
    }

    mutating func date(_ key: EventEnvelopeKey) -> Date? {
        guard let value = present(key, required: false) else { return nil }
        guard case let .string(text) = value, let date = TimeText.parse(text) else {
            fail(key, "must be an ISO 8601 date-time string such as \"2025-03-01T10:15:00Z\", not \(value.compactText)")
            return nil
        }
        return date
    }

    /// `"any"`, `"noStream"`, or a stream version as a number or a string of digits.
    mutating func expectedVersion() -> ExpectedVersion? {
        guard let value = present(.expectedVersion, required: false) else { return nil }
        switch value {
        case .string("any"): return .any
        case .string("noStream"): return .noStream
        case let .string(text) where UInt64(text) != nil: return .exact(UInt64(text)!)
        case let .number(text) where UInt64(text) != nil: return .exact(UInt64(text)!)
        default:
            fail(.expectedVersion, "must be \"any\", \"noStream\" or a stream version (0 or more), not \(value.compactText)")
            return nil
        }
    }

    /// What `cat` and `export` write and the log assigns anew (`offset`, `streamVersion`):
    /// checked for their type, as `import` checks them, so that a line of theirs appends as it
    /// is, and otherwise ignored. (`eventError` is ignored too: it comes only with a raw
    /// payload under a known type's name, which is refused anyway.)
    mutating func checkAssignedByTheLog() {
        for key in [EventEnvelopeKey.offset, .streamVersion] {
            guard let value = present(key, required: false) else { continue }
            guard case let .number(text) = value, UInt64(text) != nil else {
                fail(key, "must be a whole number, 0 or more, not \(value.compactText) (it is ignored: the log assigns it)")
                continue
            }
        }
    }

    /// A raw record's payload: `payload`'s compact JSON text, or `payloadBase64`'s bytes.
    mutating func payload() -> [UInt8]? {
        let bytes: [UInt8]
        switch (values[.payload], values[.payloadBase64]) {
        case (nil, nil):
            fail(.payload, "is missing")
            return nil
        case (.some, .some):
            fail(.payloadBase64, "cannot stand beside \"payload\": give the payload as JSON or as base64, not both")
            return nil
        case let (value?, nil):
            bytes = Array(value.compactText.utf8)
        case let (nil, value?):
            guard case let .string(text) = value, let data = Data(base64Encoded: text) else {
                fail(.payloadBase64, "must be a string of base64, not \(value.compactText)")
                return nil
            }
            bytes = Array(data)
        }
        if let problem = RecordLimits.problem(payloadBytes: bytes.count) {
            let isJSON = values[.payload] != nil
            fail(isJSON ? .payload : .payloadBase64, problem + (isJSON ? " (counted as compact JSON, as it is stored)" : ""))
            return nil
        }
        return bytes
    }
}
