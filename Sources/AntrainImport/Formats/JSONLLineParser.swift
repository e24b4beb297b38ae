import AntrainEvents
import Foundation

/// Parses and checks lines of an events JSON Lines file one at a time: what
/// ``JSONLReader`` does to each line, apart from the check for ids repeated across lines,
/// which needs every line before it and is left to the reader.
///
/// Not Sendable (it keeps a `JSONDecoder`): each thread parsing lines makes its own.
struct JSONLLineParser {
    /// What one line gives: its event, or its problems (a blank line gives neither).
    enum Outcome: Sendable {
        case event(line: Int, NewEvent)
        case problems([JSONLReader.LineProblem])
    }

    /// One decoder for every line, rather than two new ones per line.
    private let decoder = JSONDecoder()

    /// The line numbered `number`, without its line break.
    func parse(_ line: Data, number: Int) -> Outcome? {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        let envelope: EventEnvelope
        do {
            envelope = try decode(line)
        } catch {
            return .problems([JSONLReader.LineProblem(line: number, field: nil, reason: JSONLReader.describe(error))])
        }
        let event = envelope.event
        if let stream = envelope.stream, stream != event.streamID {
            return .problems([JSONLReader.LineProblem(line: number, field: "stream",
                                                      reason: "is \(stream), but this \(envelope.type) belongs to stream \(event.streamID)")])
        }
        do {
            try event.validate()
        } catch {
            return .problems(error.issues.map {
                JSONLReader.LineProblem(line: number, field: "event.\($0.field)", reason: "is \($0.value); allowed: \($0.allowed)")
            })
        }
        // Without an id, the line's own bytes give one, so importing the file again stores nothing new.
        let id = envelope.id ?? UUID.stable("import", "jsonl", String(decoding: line, as: UTF8.self))
        return .event(line: number, NewEvent(event, id: id, recordedAt: envelope.recordedAt, correlationID: envelope.correlationID,
                                             causationID: envelope.causationID))
    }

    /// The envelope through the hand-written reader of the commonest events when it takes the
    /// line, else in one `JSONDecoder` pass; a line that does not decode so is decoded again
    /// the two-pass way, so that its error (and its wording) is `EventEnvelope.decode`'s.
    private func decode(_ line: Data) throws -> EventEnvelope {
        if let fast = line.withUnsafeBytes(FastEnvelopeLine.decode) { return fast }
        if let decoded = try? decoder.decode(EnvelopeLine.self, from: line) { return decoded.envelope }
        return try EventEnvelope.decode(line)
    }
}
