import AntrainEvents
import AntrainJSON
import Foundation

/// Reads the `event` member of an `append` line: the JSON form of a domain event, checked
/// against the event catalog and for fields its type does not have. Validating and encoding
/// it is `NewEvent.encoded`'s, as for every append.
enum DomainEventInput {
    /// The decoded event, or every problem decoding it (fields named `event.<path>`).
    static func decode(type: String, event: JSONValue, line: Int, catalog: EventCatalog = .standard) -> Result<any DomainEvent, InputProblems> {
        guard catalog.currentVersion(of: type) != nil else {
            return .failure(InputProblems([InputProblem(line: line, field: "type",
                                          reason: "\"\(type)\" is not an event type; known types: \(catalog.eventTypes.joined(separator: ", "))")]))
        }
        // Foundation's decoder calls a number it cannot hold "not valid JSON": say which one.
        let outOfRange = numbersOutOfRange(in: event, path: "event")
        guard outOfRange.isEmpty else {
            return .failure(InputProblems(outOfRange.map { InputProblem(line: line, field: $0.path, reason: $0.reason) }))
        }
        let decoded: any DomainEvent
        do {
            decoded = try catalog.decodeJSON(eventType: type, from: Data(event.compactText.utf8))
        } catch let error as DecodingError {
            return .failure(InputProblems([InputProblem(line: line, field: "event" + path(of: error), reason: reason(of: error, type: type))]))
        } catch {
            return .failure(InputProblems([InputProblem(line: line, field: "event", reason: "\(error)")]))
        }
        // A member the event type does not have would be dropped silently by decoding (a
        // misspelt optional field, say): refuse it instead, so that nothing given is lost.
        if let written = try? EventJSON.text(decoded), let kept = JSONParser.parseIfJSON(Array(written.utf8)) {
            let unknown = unknownMembers(of: event, keptIn: kept, path: "event")
            if !unknown.isEmpty {
                return .failure(InputProblems(unknown.map {
                    InputProblem(line: line, field: $0, reason: "is not a field of \(type) (docs/EVENTS.md lists its fields)")
                }))
            }
        }
        return .success(decoded)
    }

    /// The paths of members of `given` (not null) that `kept`, the decoded event written
    /// back, does not have.
    static func unknownMembers(of given: JSONValue, keptIn kept: JSONValue, path: String) -> [String] {
        switch (given, kept) {
        case let (.object(members), .object(keptMembers)):
            return members.flatMap { member -> [String] in
                guard member.value != .null else { return [] }
                guard let match = keptMembers.first(where: { $0.key == member.key }) else { return ["\(path).\(member.key)"] }
                return unknownMembers(of: member.value, keptIn: match.value, path: "\(path).\(member.key)")
            }
        case let (.array(items), .array(keptItems)) where items.count == keptItems.count:
            return zip(items, keptItems).enumerated().flatMap { index, pair in
                unknownMembers(of: pair.0, keptIn: pair.1, path: "\(path)[\(index)]")
            }
        default:
            return []
        }
    }

    /// Numbers no field can hold: beyond the range of doubles, or whole numbers beyond 64 bits.
    static func numbersOutOfRange(in value: JSONValue, path: String) -> [(path: String, reason: String)] {
        switch value {
        case let .number(text):
            let isWhole = !text.contains(where: { ".eE".contains($0) })
            if isWhole, Int64(text) == nil, UInt64(text) == nil {
                return [(path, "is \(text), beyond the whole numbers a field can hold (\(Int64.min) to \(Int64.max))")]
            }
            if let double = Double(text), !double.isFinite {
                return [(path, "is \(text), beyond the largest number a field can hold (about 1.8e308)")]
            }
            return []
        case let .object(members):
            return members.flatMap { numbersOutOfRange(in: $0.value, path: "\(path).\($0.key)") }
        case let .array(items):
            return items.enumerated().flatMap { numbersOutOfRange(in: $1, path: "\(path)[\($0)]") }
        default:
            return []
        }
    }

    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case let .keyNotFound(key, found): return (found.codingPath + [key]).map { segment($0) }.joined()
        case let .typeMismatch(_, found), let .valueNotFound(_, found), let .dataCorrupted(found): context = found
        @unknown default: return ""
        }
        return context.codingPath.map { segment($0) }.joined()
    }

    private static func segment(_ key: any CodingKey) -> String {
        key.intValue.map { "[\($0)]" } ?? "." + key.stringValue
    }

    private static func reason(of error: DecodingError, type: String) -> String {
        switch error {
        case .keyNotFound: return "is missing (required by \(type); see docs/EVENTS.md)"
        case let .typeMismatch(expected, _): return "must be \(describe(expected))"
        case let .valueNotFound(expected, _): return "must be \(describe(expected)), not null"
        case let .dataCorrupted(context): return context.debugDescription
        @unknown default: return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type, is UInt16.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        default: return "a \(type)"
        }
    }
}

/// Problems with one input line, as an error.
struct InputProblems: Error {
    var list: [InputProblem]
    init(_ list: [InputProblem]) { self.list = list }
}
