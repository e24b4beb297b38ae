import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Stream versions, expected versions and retries")
struct AppendRulesTests {
    @Test("every expected-version case: any, noStream, exact, and the error carries the actual version")
    func expectedVersions() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        let first = try await log.append(Sample.events(0..<2), to: "w", expectedVersion: .noStream)
        #expect(first.offsets == [0, 1])
        #expect(first.streamVersion == 1)
        await #expect(throws: LogError.wrongExpectedVersion(stream: "w", expected: .noStream, actual: 1)) {
            try await log.append([Sample.event(2)], to: "w", expectedVersion: .noStream)
        }
        await #expect(throws: LogError.wrongExpectedVersion(stream: "w", expected: .exact(0), actual: 1)) {
            try await log.append([Sample.event(2)], to: "w", expectedVersion: .exact(0))
        }
        await #expect(throws: LogError.wrongExpectedVersion(stream: "other", expected: .exact(0), actual: nil)) {
            try await log.append([Sample.event(2)], to: "other", expectedVersion: .exact(0))
        }
        let exact = try await log.append([Sample.event(2)], to: "w", expectedVersion: .exact(1))
        #expect(exact.offsets == [2] && exact.streamVersion == 2)
        let any = try await log.append([Sample.event(3)], to: "w", expectedVersion: .any)
        #expect(any.streamVersion == 3)
        let other = try await log.append([Sample.event(4)], to: "other", expectedVersion: .noStream)
        #expect(other.offsets == [4] && other.streamVersion == 0)
        #expect(try await log.allRecords().count == 5)
        try await log.close()
    }

    @Test("stream versions survive reopening")
    func versionsAfterReopen() async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 1024, durability: .none))
        for index in 0..<20 { try await log.append([Sample.event(index)], to: "s\(index % 3)") }
        try await log.close()
        log = try await reopenForWriting(directory.path)
        await #expect(throws: LogError.wrongExpectedVersion(stream: "s1", expected: .exact(5), actual: 6)) {
            try await log.append([Sample.event(99)], to: "s1", expectedVersion: .exact(5))
        }
        let result = try await log.append([Sample.event(99)], to: "s1", expectedVersion: .exact(6))
        #expect(result.offsets == [20] && result.streamVersion == 7)
        try await log.close()
    }

    @Test("retrying an append with the same event ids and content is a no-op that returns the original offsets")
    func idempotentRetry() async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        let events = Sample.events(0..<3)
        let original = try await log.append(events, to: "w", expectedVersion: .noStream)
        let retry = try await log.append(events, to: "w", expectedVersion: .noStream)
        #expect(retry.offsets == original.offsets)
        #expect(retry.wasAlreadyStored)
        #expect(retry.streamVersion == 2)
        try await log.close()
        log = try await reopenForWriting(directory.path)
        let afterReopen = try await log.append(events, to: "w", expectedVersion: .noStream)
        #expect(afterReopen.offsets == [0, 1, 2] && afterReopen.wasAlreadyStored)
        #expect(try await log.allRecords().count == 3)
        try await log.close()
    }

    @Test("an existing event id with different content, a partial retry, or a repeated id in one append is rejected")
    func duplicateIDs() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        let stored = Sample.event(1)
        try await log.append([stored], to: "w")
        var changed = stored
        changed.payload = Array("different".utf8)
        await #expect(throws: LogError.duplicateEventID(stored.id, existingOffset: 0)) {
            try await log.append([changed], to: "w")
        }
        await #expect(throws: LogError.duplicateEventID(stored.id, existingOffset: 0)) {
            try await log.append([stored], to: "another-stream")
        }
        await #expect(throws: LogError.duplicateEventID(stored.id, existingOffset: 0)) {
            try await log.append([Sample.event(2), stored], to: "w")
        }
        let fresh = Sample.event(3)
        await #expect(throws: LogError.duplicateEventID(fresh.id, existingOffset: nil)) {
            try await log.append([fresh, fresh], to: "w")
        }
        #expect(try await log.allRecords().count == 1)
        try await log.close()
    }

    @Test("invalid events are refused with the field and the allowed range, and nothing is appended")
    func validation() async throws {
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        let longName = String(repeating: "x", count: 256)
        let cases: [([ProposedEvent], String, String)] = [
            ([], "w", "events"),
            ([Sample.event(0)], "", "stream id"),
            ([Sample.event(0)], longName, "stream id"),
            ([ProposedEvent(type: "", payload: [])], "w", "type"),
            ([Sample.event(0), ProposedEvent(type: longName, payload: [])], "w", "type"),
            ([ProposedEvent(type: "T", payload: [UInt8](repeating: 0, count: (16 << 20) + 1))], "w", "payload"),
            ([ProposedEvent(type: "T", payload: [], recordedAt: Date(timeIntervalSince1970: .infinity))], "w", "recordedAt"),
        ]
        for (events, stream, field) in cases {
            do {
                try await log.append(events, to: stream)
                Issue.record("expected \(field) to be rejected")
            } catch let LogError.invalidEvent(_, rejected, reason) {
                #expect(rejected == field)
                #expect(reason.contains("allowed") || reason.contains("at least one"))
            }
        }
        #expect(try await log.allRecords().isEmpty)
        try await log.close()
    }
}
