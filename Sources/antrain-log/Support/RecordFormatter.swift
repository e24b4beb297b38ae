import AntrainEvents
import AntrainJSON
import AntrainLog
import Foundation

/// Prints records for `cat` and `tail`, in the shapes docs/CLI.md promises.
struct RecordFormatter {
    let format: OutputFormat

    /// Adds one record to `output`: a text line, or one JSON Lines object.
    func write(_ record: LogRecord, to output: inout Output) {
        switch format {
        case .text: output.line(text(record))
        case .json: output.jsonLine(json(record))
        }
    }

    /// `OFFSET TIME STREAM@VERSION TYPE PAYLOAD`, the time local; the payload is the event's
    /// JSON form for known event types, else compact JSON or `base64:...` (the prefix keeps
    /// base64 such as `1234` from passing for a number).
    func text(_ record: LogRecord) -> String {
        let time = TimeText.local(microseconds: record.recordedAtMicroseconds)
        let shown: String
        switch Self.decoded(record) {
        case let .event(text): shown = text
        case let .undecodable(reason): shown = "undecodable(\(reason)) base64:" + Data(record.payload).base64EncodedString()
        case .raw:
            let payload = record.payload
            shown = JSONParser.parseIfJSON(payload)?.compactText ?? "base64:" + Data(payload).base64EncodedString()
        }
        return "\(record.offset) \(time) \(Self.oneLine(record.streamID))@\(record.streamVersion) \(Self.oneLine(record.eventType)) \(shown)"
    }

    /// The record in the JSON event envelope (``EventEnvelopeKey``, in its order): `event`
    /// holds a known type's event, in its current shape (so `schemaVersion` is the current
    /// version, as `export` writes it, and the line appends back as it is); else `payload`
    /// holds the JSON value when the bytes are exactly its compact JSON text, or
    /// `payloadBase64` holds them.
    func json(_ record: LogRecord) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add(.offset, .integer(record.offset))
        object.add(.id, .string(record.eventID.uuidString))
        object.add(.stream, .string(record.streamID))
        object.add(.streamVersion, .integer(record.streamVersion))
        object.add(.type, .string(record.eventType))
        let shown = Self.decoded(record)
        var version = record.schemaVersion
        if case .event = shown, let current = EventCatalog.standard.currentVersion(of: record.eventType) { version = current }
        object.add(.schemaVersion, .integer(version))
        object.add(.recordedAt, .string(TimeText.utc(microseconds: record.recordedAtMicroseconds)))
        object.add(.correlationID, ifPresent: record.correlationID.map { .string($0.uuidString) })
        object.add(.causationID, ifPresent: record.causationID.map { .string($0.uuidString) })
        let payload = record.payload
        switch shown {
        case let .event(text):
            if let value = JSONParser.parseIfJSON(Array(text.utf8)) {
                object.add(.event, value)
                return object.value
            }
        case let .undecodable(reason):
            object.add(.eventError, .string(reason))
        case .raw:
            break
        }
        // `payload` only when `append` stores back exactly these bytes (its compact text), so
        // that `cat | append` keeps every payload byte for byte; else the bytes, in base64.
        if let value = JSONParser.parseIfJSON(payload), Array(value.compactText.utf8) == payload {
            object.add(.payload, value)
        } else {
            object.add(.payloadBase64, .string(Data(payload).base64EncodedString()))
        }
        return object.value
    }

    /// What a record's payload is, shown.
    enum Shown {
        /// A known event type: its JSON form.
        case event(String)
        /// A known event type whose payload does not decode.
        case undecodable(String)
        /// Any other type (written by a newer build, or a raw record): shown as stored.
        case raw
    }

    static func decoded(_ record: LogRecord) -> Shown {
        do {
            guard case let .event(event) = try EventCatalog.standard.decode(record) else { return .raw }
            return .event(try EventJSON.text(event))
        } catch let error as EventDecodingError {
            return .undecodable(error.underlying.description)
        } catch {
            return .undecodable("\(error)")
        }
    }

    /// Escapes line breaks and other control characters so one record stays one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }
}
