import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// What every ``LogWriter`` promises, run on each storage through the protocol alone: the
/// directory log and the in-memory one must give the same outcomes, refusals and versions.
@Suite("Conformance: appending (LogWriter)")
struct LogWriterConformanceTests {
    @Test("Expected versions: no stream, exact, any; a wrong one names the actual version and appends nothing",
          arguments: LogStorage.allCases)
    func expectedVersions(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let first = try await log.append(Sample.events(0..<3), to: "w-1", expectedVersion: .noStream)
        #expect(first == AppendResult(offsets: [0, 1, 2], streamVersion: 2, wasAlreadyStored: false))
        let second = try await log.append([Sample.event(3)], to: "w-2", expectedVersion: .noStream)
        #expect(second.offsets == [3] && second.streamVersion == 0)
        let third = try await log.append(Sample.events(4..<6), to: "w-1", expectedVersion: .exact(2))
        #expect(third.offsets == [4, 5] && third.streamVersion == 4)
        #expect(try await log.append([Sample.event(6)], to: "w-1", expectedVersion: .any).streamVersion == 5)
        await #expect(throws: LogError.wrongExpectedVersion(stream: "w-1", expected: .exact(2), actual: 5)) {
            try await log.append([Sample.event(7)], to: "w-1", expectedVersion: .exact(2))
        }
        await #expect(throws: LogError.wrongExpectedVersion(stream: "w-2", expected: .noStream, actual: 0)) {
            try await log.append([Sample.event(8)], to: "w-2", expectedVersion: .noStream)
        }
        await #expect(throws: LogError.wrongExpectedVersion(stream: "w-3", expected: .exact(0), actual: nil)) {
            try await log.append([Sample.event(9)], to: "w-3", expectedVersion: .exact(0))
        }
        #expect(try await log.end().nextOffset == 7)
        #expect(try await log.streamVersion(of: "w-1") == 5)
        #expect(try await log.streamVersion(of: "w-2") == 0)
        #expect(try await log.streamVersion(of: "w-3") == nil)
        let versions = try await log.allRecords(ReadFilter(streamID: "w-1")).map(\.streamVersion)
        #expect(versions == [0, 1, 2, 3, 4, 5])
        try await log.close()
    }

    @Test("Event ids: a whole retry returns the first offsets and writes nothing; a partial one, other content or a repeat is refused",
          arguments: LogStorage.allCases)
    func idempotentIDs(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let events = Sample.events(0..<3)
        let stored = try await log.append(events, to: "s", expectedVersion: .noStream)
        // The retry passes although its expected version no longer holds: it is the same append.
        let retry = try await log.append(events, to: "s", expectedVersion: .noStream)
        #expect(retry == AppendResult(offsets: stored.offsets, streamVersion: 2, wasAlreadyStored: true))
        var changed = events[1]
        changed.payload = Array("{}".utf8)
        await #expect(throws: LogError.duplicateEventID(changed.id, existingOffset: 1)) {
            try await log.append([events[0], changed, events[2]], to: "s", expectedVersion: .any)
        }
        let partial = [Sample.event(9), events[2]]
        await #expect(throws: LogError.duplicateEventID(events[2].id, existingOffset: 2)) {
            try await log.append(partial, to: "s", expectedVersion: .any)
        }
        await #expect(throws: LogError.self) { try await log.append(events, to: "another", expectedVersion: .any) }
        let repeated = Sample.event(10)
        await #expect(throws: LogError.duplicateEventID(repeated.id, existingOffset: nil)) {
            try await log.append([repeated, repeated], to: "t", expectedVersion: .any)
        }
        #expect(try await log.end().nextOffset == 3, "no refused append left a record")
        #expect(try await log.storedEventIDs(among: events.map(\.id) + [repeated.id]) == Set(events.map(\.id)))
        try await log.close()
    }

    @Test("Events outside the record limits are refused before anything is written", arguments: LogStorage.allCases)
    func limits(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        await #expect(throws: LogError.invalidEvent(index: 0, field: "events", reason: "is empty: an append needs at least one event")) {
            try await log.append([], to: "s", expectedVersion: .any)
        }
        await #expect(throws: LogError.self) { try await log.append([Sample.event(0)], to: "", expectedVersion: .any) }
        await #expect(throws: LogError.self) {
            try await log.append([Sample.event(0), Sample.event(1, type: "")], to: "s", expectedVersion: .any)
        }
        #expect(try await log.end().nextOffset == 0)
        try await log.close()
    }

    @Test("A batch of appends: one outcome each, in order, a refusal leaving the others", arguments: LogStorage.allCases)
    func batches(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let outcomes = await log.append([
            AppendRequest(Sample.events(0..<2), to: "a", expectedVersion: .noStream),
            AppendRequest([Sample.event(2)], to: "a", expectedVersion: .noStream),
            AppendRequest([Sample.event(3)], to: "a", expectedVersion: .exact(1)),
            AppendRequest([Sample.event(4)], to: "b"),
        ])
        #expect(outcomes.count == 4)
        #expect((try? outcomes[0].get())?.offsets == [0, 1])
        #expect(throws: LogError.wrongExpectedVersion(stream: "a", expected: .noStream, actual: 1)) { try outcomes[1].get() }
        #expect((try? outcomes[2].get())?.offsets == [2])
        #expect((try? outcomes[3].get())?.offsets == [3])
        #expect(try await log.end().nextOffset == 4)
        try await log.close()
    }

    @Test("Times: a recorded-at given is kept to the microsecond, one left out is the time of the append",
          arguments: LogStorage.allCases)
    func times(_ storage: LogStorage) async throws {
        let opened = try await storage.open()
        let log = opened.log
        let given = Date(microsecondsSince1970: 1_780_000_000_123_456)
        let before = Date().microsecondsSince1970
        try await log.append([Sample.event(0, recordedAt: given), Sample.event(1)], to: "s", expectedVersion: .any)
        let after = Date().microsecondsSince1970
        let records = try await log.allRecords()
        #expect(records[0].recordedAtMicroseconds == 1_780_000_000_123_456)
        #expect((before...after).contains(records[1].recordedAtMicroseconds))
        try await log.close()
    }
}
