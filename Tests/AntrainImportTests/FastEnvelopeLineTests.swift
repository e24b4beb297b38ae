import AntrainEvents
import AntrainGenerator
@testable import AntrainImport
import Foundation
import Testing

/// The hand-written reader of the commonest export lines must read exactly what
/// `EventEnvelope.decode` (JSONDecoder) reads, and leave to it every line it would read
/// differently or refuse.
@Suite("Import: the fast reader of export lines")
struct FastEnvelopeLineTests {
    /// Every event of a generated season, as `export --format jsonl` writes it.
    static func exportLines() throws -> [Data] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let library = try GeneratorLibrary(presets: LibraryPresets.load(from: root.appendingPathComponent("fixtures/library")))
        let generator = try LogGenerator(athletes: 2, weeks: 6, seed: 31, startDay: CalendarDay(year: 2025, month: 3, day: 3)!,
                                         library: library)
        var lines: [Data] = []
        var offset: UInt64 = 0
        for batch in generator.batches() {
            for new in batch.events {
                let envelope = EventEnvelope(event: new.event, stream: batch.stream, id: new.id, recordedAt: new.recordedAt,
                                             correlationID: new.correlationID, causationID: new.causationID, offset: offset,
                                             streamVersion: offset % 7)
                lines.append(try envelope.encoded())
                offset += 1
            }
        }
        return lines
    }

    /// The fast reader's result on `line` against JSONDecoder's: equal when it reads the line,
    /// and it never reads a line JSONDecoder refuses. Returns whether it read it.
    @discardableResult
    static func expectSame(_ line: Data, _ comment: Comment? = nil) throws -> Bool {
        let fast = line.withUnsafeBytes(FastEnvelopeLine.decode)
        guard let reference = try? EventEnvelope.decode(line) else {
            #expect(fast == nil, "the fast reader took a line JSONDecoder refuses: \(String(decoding: line, as: UTF8.self))")
            return false
        }
        guard let fast else { return false }
        #expect(try fast.encoded() == reference.encoded(), comment)
        return true
    }

    @Test("Every line of a generated export reads the same; the commonest events take the fast path")
    func generatedExport() throws {
        let lines = try Self.exportLines()
        var fast = 0
        for line in lines where try Self.expectSame(line) { fast += 1 }
        #expect(lines.count > 1_000)
        #expect(fast * 10 > lines.count * 7, "\(fast) of \(lines.count) lines took the fast path")
    }

    @Test("Instants, days, numbers, escapes and odd shapes: read the same or left to JSONDecoder")
    func edges() throws {
        let base = #"{"event":{"entryID":"966A795D-3E78-4E94-B8A2-98BBA19C2EDE","loggedAt":"LOGGED","performance":{"completed":true,"reps":REPS,"setType":"normal","weight":{"unit":"kg","value":WEIGHT}},"setID":"202D43CA-5240-4CFD-8481-31955F31C340","workoutID":"b435e854-89d3-4bc7-9e71-444b5b2a795f"},"id":"3C803001-5A0A-4D5A-8D00-439C962EE74B","recordedAt":"2025-01-05T23:08:25Z","schemaVersion":2,"type":"SetLogged"}"#
        func line(logged: String = "2025-01-05T22:21:45Z", reps: String = "5", weight: String = "100") -> Data {
            Data(base.replacingOccurrences(of: "LOGGED", with: logged).replacingOccurrences(of: "REPS", with: reps)
                .replacingOccurrences(of: "WEIGHT", with: weight).utf8)
        }
        #expect(try Self.expectSame(line()), "the plain line takes the fast path")
        for logged in ["2024-02-29T23:59:59.999999Z", "2023-02-29T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
                       "0000-01-01T00:00:00Z", "2025-01-05T22:21:45.5Z", "2025-01-05T22:21:45.1234567Z", "2025-01-05T22:21:45.Z",
                       "2025-01-05T22:21:45+01:00", "2025-01-05 22:21:45Z", "2025-13-01T00:00:00Z", "2025-01-05T24:00:00Z",
                       "2025-01-05T22:21:60Z", "2025-1-05T22:21:45Z", "２０２５-01-05T22:21:45Z"] {
            try Self.expectSame(line(logged: logged), "\(logged)")
        }
        for reps in ["0", "-0", "5.0", "5e0", "05", "99999999999999999999", "true", "null", "\"5\""] {
            try Self.expectSame(line(reps: reps), "reps \(reps)")
        }
        for weight in ["0.1", "1e2", "1E-2", "-0", "1e400", "2.5e-324", "100.000000000000000001", ".5", "1.", "0x10", "NaN"] {
            try Self.expectSame(line(weight: weight), "weight \(weight)")
        }
        let odd = [
            base.replacingOccurrences(of: "\"setType\":\"normal\"", with: "\"setType\":\"nor\\u006dal\""),
            base.replacingOccurrences(of: "\"type\":\"SetLogged\"", with: "\"type\":\"SetLogged\",\"type\":\"SetLogged\""),
            base.replacingOccurrences(of: "\"schemaVersion\":2", with: "\"schemaVersion\":1"),
            base.replacingOccurrences(of: "\"schemaVersion\":2,", with: ""),
            base.replacingOccurrences(of: "\"recordedAt\":\"2025-01-05T23:08:25Z\",", with: "\"recordedAt\":null,\"extra\":[1,{\"a\":[]}],"),
            base + " ", base + "x", " " + base, String(base.dropLast()),
        ]
        for text in odd { try Self.expectSame(Data(text.replacingOccurrences(of: "LOGGED", with: "2025-01-05T22:21:45Z")
            .replacingOccurrences(of: "REPS", with: "5").replacingOccurrences(of: "WEIGHT", with: "100").utf8), "\(text)") }
    }

    @Test("The envelope's older spellings read the same on both paths; a key under two spellings is refused")
    func olderSpellings() throws {
        let line = #"{"event":{"entryID":"966A795D-3E78-4E94-B8A2-98BBA19C2EDE","exerciseID":"202D43CA-5240-4CFD-8481-31955F31C340","position":0,"workoutID":"B435E854-89D3-4BC7-9E71-444B5B2A795F"},"eventId":"3C803001-5A0A-4D5A-8D00-439C962EE74B","correlationId":"9B2C6A52-0D5E-4A7E-9A51-2B1F3C4D5E6F","causationId":"0B5F2A8E-5D1C-4B7A-9F3E-2C1D0E9F8A70","type":"ExerciseAddedToWorkout"}"#
        #expect(try Self.expectSame(Data(line.utf8)), "an old cat line takes the fast path")
        let envelope = try #require(Data(line.utf8).withUnsafeBytes(FastEnvelopeLine.decode))
        #expect(envelope.id?.uuidString == "3C803001-5A0A-4D5A-8D00-439C962EE74B")
        #expect(envelope.correlationID?.uuidString == "9B2C6A52-0D5E-4A7E-9A51-2B1F3C4D5E6F")
        #expect(envelope.causationID?.uuidString == "0B5F2A8E-5D1C-4B7A-9F3E-2C1D0E9F8A70")
        let canonical = line.replacingOccurrences(of: "eventId", with: "id").replacingOccurrences(of: "correlationId", with: "correlationID")
            .replacingOccurrences(of: "causationId", with: "causationID")
        #expect(try EventEnvelope.decode(Data(canonical.utf8)).encoded() == envelope.encoded(), "as the canonical spellings read")

        let twice = line.replacingOccurrences(of: #""type":"#, with: #""id":"3C803001-5A0A-4D5A-8D00-439C962EE74B","type":"#)
        #expect(Data(twice.utf8).withUnsafeBytes(FastEnvelopeLine.decode) == nil)
        #expect(throws: DecodingError.self) { try EventEnvelope.decode(Data(twice.utf8)) }
        let problems = JSONLReader.read(Data(twice.utf8)).problems
        #expect(problems.map(\.description) == [#"line 1: field "eventId": appears twice (also as "id")"#])
    }
}
