@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// Version 2 of the quick logs: `CardioLogged` and `MetconLogged` name the time zone they were
/// done in. Records and exports of version 1, which named none, read as version 2 in UTC (the
/// day they were filed under when written), on the boxed path, on the columns' path a replay
/// takes, and from an earlier build's JSON export.
@Suite("Quick-log events, version 2")
struct QuickLogVersion2Tests {
    static func id(_ name: String) -> UUID { UUID.stable(["quick-log-v2", name]) }
    /// 21:30 on 20 November in Phoenix.
    static let start = Timestamp("2026-11-21T04:30:00Z")!

    static let oldCardio = CardioLoggedV1(workoutID: id("cardio"), activity: .row, startedAt: start, name: "Erg", distanceMetres: 6000,
                                          durationSeconds: 1500, paceSecondsPerKilometre: 250, notes: "Steady")
    static let oldMetcon = MetconLoggedV1(workoutID: id("metcon"), format: .emom, startedAt: start, name: nil, rounds: 10,
                                          durationSeconds: 600, result: "10 minutes completed", notes: nil)
    /// What the version 1 records read as: every field kept, in UTC.
    static let upcastCardio = CardioLogged(workoutID: id("cardio"), activity: .row, startedAt: start, name: "Erg", distanceMetres: 6000,
                                           durationSeconds: 1500, paceSecondsPerKilometre: 250, notes: "Steady", timeZone: "UTC")
    static let upcastMetcon = MetconLogged(workoutID: id("metcon"), format: .emom, startedAt: start, rounds: 10, durationSeconds: 600,
                                           result: "10 minutes completed", timeZone: "UTC")
    /// Version 2 records, in Phoenix.
    static let cardio = CardioLogged(workoutID: id("cardio-2"), activity: .run, startedAt: start, durationSeconds: 1800,
                                     timeZone: "America/Phoenix")
    static let metcon = MetconLogged(workoutID: id("metcon-2"), format: .amrap, startedAt: start, name: "Cindy", rounds: 18,
                                     durationSeconds: 1200, timeZone: "America/Phoenix")

    @Test("A version 1 record reads as version 2 in UTC through the catalog, every other field kept")
    func boxedUpcast() throws {
        let cardio = try BinaryEventEncoder.encode(Self.oldCardio).withBytes { raw throws(CodecError) in
            try EventCatalog.standard.decode(eventType: "CardioLogged", schemaVersion: 1, payload: raw)
        }
        let metcon = try BinaryEventEncoder.encode(Self.oldMetcon).withBytes { raw throws(CodecError) in
            try EventCatalog.standard.decode(eventType: "MetconLogged", schemaVersion: 1, payload: raw)
        }
        guard case let .event(readCardio) = cardio, case let .event(readMetcon) = metcon else {
            Issue.record("version 1 did not decode: \(cardio), \(metcon)")
            return
        }
        #expect(readCardio as? CardioLogged == Self.upcastCardio)
        #expect(readMetcon as? MetconLogged == Self.upcastMetcon)
        // The version 2 payload is the version 1 payload and the zone's name after it.
        let old = try BinaryEventEncoder.encode(Self.oldCardio)
        let new = try BinaryEventEncoder.encode(Self.upcastCardio)
        #expect(Array(new.prefix(old.count)) == old && new.count == old.count + 4)
    }

    @Test("Records of both versions in a log decode into the columns as the boxed path reads them, version 1 in UTC")
    func throughTheColumns() async throws {
        let directory = TemporaryDirectory("quick-log-v2")
        let log = try await EventLog.open(at: directory.filePath)
        let records: [(String, UInt16, [UInt8], String)] = [
            ("CardioLogged", 1, try BinaryEventEncoder.encode(Self.oldCardio), Self.oldCardio.workoutID.uuidString),
            ("MetconLogged", 1, try BinaryEventEncoder.encode(Self.oldMetcon), Self.oldMetcon.workoutID.uuidString),
            ("CardioLogged", 2, try BinaryEventEncoder.encode(Self.cardio), Self.cardio.workoutID.uuidString),
            ("MetconLogged", 2, try BinaryEventEncoder.encode(Self.metcon), Self.metcon.workoutID.uuidString),
        ]
        for (type, version, payload, workout) in records {
            try await log.append([ProposedEvent(type: type, schemaVersion: version, payload: payload)],
                                 to: StreamName.workout(UUID(uuidString: workout)!))
        }
        var columns = EventColumns()
        var builder = StoredEventBuilder()
        var summary = ReplaySummary()
        for try await block in log.blocks() {
            try builder.decode(block.batch, with: .standard, into: &columns, summary: &summary)
        }
        #expect(summary.decoded == 4 && summary.skipped == 0)
        #expect(columns.storage.cardioLogged == [Self.upcastCardio, Self.cardio])
        #expect(columns.storage.metconLogged == [Self.upcastMetcon, Self.metcon])
        #expect(columns.metadata.map(\.storedSchemaVersion) == [1, 1, 2, 2])
        var boxed: [any DomainEvent] = []
        try await log.replay { boxed.append($0.event) }
        #expect(boxed.map { ($0 as? CardioLogged)?.timeZone ?? ($0 as? MetconLogged)?.timeZone } == ["UTC", "UTC", "America/Phoenix", "America/Phoenix"])
        try await log.close()
    }

    @Test("An earlier build's export reads as version 2 in UTC; a version 2 line must name its zone")
    func json() throws {
        let cardioV1 = #"{"event":{"activity":"row","distanceMetres":6000,"durationSeconds":1500,"name":"Erg","notes":"Steady","#
            + #""paceSecondsPerKilometre":250,"startedAt":"2026-11-21T04:30:00Z","workoutID":"\#(Self.oldCardio.workoutID.uuidString)"},"#
            + #""schemaVersion":1,"type":"CardioLogged"}"#
        let metconV1 = #"{"event":{"durationSeconds":600,"format":"emom","result":"10 minutes completed","rounds":10,"#
            + #""startedAt":"2026-11-21T04:30:00Z","workoutID":"\#(Self.oldMetcon.workoutID.uuidString)"},"schemaVersion":1,"type":"MetconLogged"}"#
        #expect(try EventEnvelope.decode(Data(cardioV1.utf8)).event as? CardioLogged == Self.upcastCardio)
        #expect(try EventEnvelope.decode(Data(metconV1.utf8)).event as? MetconLogged == Self.upcastMetcon)
        // Without a version the line is the current shape, which has no default zone.
        let unversioned = cardioV1.replacingOccurrences(of: #""schemaVersion":1,"#, with: "")
        #expect(throws: (any Error).self) { try EventEnvelope.decode(Data(unversioned.utf8)) }
        // Written and read back in the current shape, the zone is kept.
        for event in [Self.cardio as any DomainEvent, Self.metcon] {
            let line = try EventEnvelope(event: event).encoded()
            #expect(String(decoding: line, as: UTF8.self).contains(#""timeZone":"America/Phoenix""#))
            #expect(eventsEqual(try EventEnvelope.decode(line).event, event))
        }
    }
}
