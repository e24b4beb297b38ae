import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// JSONLReader parses a big file in chunks on all cores: it must give exactly what reading
/// the lines one after another gives (the reference below is the reader as it was before).
@Suite("Import: JSON Lines read in chunks")
struct JSONLReaderTests {
    /// The reader one line after another: split at line breaks, decode each line with
    /// `EventEnvelope.decode`, check it, compare its id with the lines before, build the runs.
    static func referenceRead(_ data: Data) -> JSONLReader.Contents {
        var streams: [PlannedStream] = []
        var problems: [JSONLReader.LineProblem] = []
        var seen: [UUID: Int] = [:]
        var count = 0
        for (index, slice) in data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard slice.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let line = Data(slice)
            let envelope: EventEnvelope
            do { envelope = try EventEnvelope.decode(line) } catch {
                problems.append(.init(line: number, field: nil, reason: JSONLReader.describe(error)))
                continue
            }
            let event = envelope.event
            if let stream = envelope.stream, stream != event.streamID {
                problems.append(.init(line: number, field: "stream", reason: "is \(stream), but this \(envelope.type) belongs to stream \(event.streamID)"))
                continue
            }
            do { try event.validate() } catch {
                problems += error.issues.map { .init(line: number, field: "event.\($0.field)", reason: "is \($0.value); allowed: \($0.allowed)") }
                continue
            }
            let id = envelope.id ?? UUID.stable("import", "jsonl", String(decoding: line, as: UTF8.self))
            if let first = seen[id] {
                problems.append(.init(line: number, field: "id", reason: "repeats the id of line \(first); every event needs its own id"))
                continue
            }
            seen[id] = number
            count += 1
            let new = NewEvent(event, id: id, recordedAt: envelope.recordedAt, correlationID: envelope.correlationID, causationID: envelope.causationID)
            if streams.last?.stream == event.streamID { streams[streams.count - 1].events.append(new) } else {
                streams.append(PlannedStream(stream: event.streamID, events: [new]))
            }
        }
        return .init(streams: streams, events: count, problems: problems)
    }

    /// About 2.5 MB of lines (several chunks): runs of workout and bodyweight events, with
    /// bad lines, repeated ids, lines without ids, blank and CR lines scattered through it.
    static func mixedFile(lines: Int) -> Data {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let padding = String(repeating: "x", count: 160)
        var text: [String] = []
        var workout = UUID.stable("workout", "0")
        for index in 0..<lines {
            if next(40) == 0 { workout = UUID.stable("workout", "\(index)") }
            let id = UUID.stable("event", "\(index)").uuidString
            let rpe = #"{"type":"WorkoutRPERecorded","id":"\#(id)","event":{"workoutID":"\#(workout.uuidString)","rpe":8}}"#
            let weight = #"{"type":"BodyweightRecorded","id":"\#(id)","recordedAt":"2025-03-01T07:00:00Z","#
                + #""event":{"entryID":"\#(UUID.stable("entry", "\(index)").uuidString)","recordedAt":"2025-03-01T07:00:00Z","#
                + #""weight":{"unit":"kg","value":80.5},"notes":"\#(padding)","timeZone":"Europe/Berlin"}}"#
            switch next(100) {
            case 0: text.append("{nope")
            case 1: text.append(rpe.replacingOccurrences(of: #""rpe":8"#, with: #""rpe":11"#))  // invalid event
            case 2: text.append(rpe.replacingOccurrences(of: #""type":"#, with: #""stream":"workout-x","type":"#))
            case 3: text.append(rpe.replacingOccurrences(of: "WorkoutRPERecorded", with: "WorkoutRPEGuessed"))
            case 4: text.append(rpe.replacingOccurrences(of: #""type":"#, with: #""schemaVersion":9,"type":"#))
            case 5: text.append(rpe.replacingOccurrences(of: id, with: UUID.stable("event", "\(next(max(index, 1)))").uuidString))
            case 6: text.append(#"{"type":"WorkoutRPERecorded","event":{"workoutID":"\#(workout.uuidString)","rpe":7}}"#)  // no id
            case 7: text.append(next(2) == 0 ? "" : " \r")
            case 8..<50: text.append(rpe)
            default: text.append(weight)
            }
        }
        return Data(text.joined(separator: "\n").utf8)  // no line break after the last line
    }

    static func summary(_ contents: JSONLReader.Contents) -> [String] {
        contents.streams.map { run in run.stream + ": " + run.events.map(\.id.uuidString).joined(separator: ",") }
    }

    @Test("A file of many chunks reads exactly as line after line: events, runs, ids, problems and their line numbers")
    func chunksReadAsLines() throws {
        let data = Self.mixedFile(lines: 9_000)
        #expect(data.count > 8 * (256 << 10), "enough bytes for several chunks")
        let read = JSONLReader.read(data)
        let reference = Self.referenceRead(data)
        #expect(read.events == reference.events)
        #expect(read.problems == reference.problems)
        #expect(Self.summary(read) == Self.summary(reference))
        #expect(read.problems.contains { $0.field == "id" } && read.problems.contains { $0.field == "stream" })
        #expect(read.events > 8_000)
    }

    @Test("Files ending with and without a line break, empty and blank, number their lines the same way")
    func edges() throws {
        for text in ["", "\n", " \r\n\n", #"{"type":"WorkoutRPERecorded","event":{"workoutID":"6F9619FF-8B86-4011-B42D-00CF4FC964FF","rpe":8}}"#,
                     "\n\n{nope\n", "{nope", "{nope\n{nope\r\n"] {
            let read = JSONLReader.read(Data(text.utf8))
            let reference = Self.referenceRead(Data(text.utf8))
            #expect(read.problems == reference.problems && read.events == reference.events, "\(text.debugDescription)")
        }
    }
}
