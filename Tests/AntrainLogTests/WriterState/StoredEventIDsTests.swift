import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// `storedEventIDs(among:)`: which ids a log holds, exactly, whether they are in the writer's
/// idempotency window, older than it, or the log is open read-only.
@Suite("Which event ids are stored")
struct StoredEventIDsTests {
    /// A log of `count` events, one append each, whose writer checks only the last `window`.
    private static func log(_ directory: TemporaryDirectory, count: Int, window: Int) async throws -> (EventLog, [UUID]) {
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none, idempotencyWindow: window))
        var ids: [UUID] = []
        for number in 0..<count {
            let event = Sample.event(number)
            try await log.append([event], to: "stream-\(number % 3)")
            ids.append(event.id)
        }
        return (log, ids)
    }

    @Test("ids inside the window, ids older than it and unknown ids: exactly the stored ones are named")
    func insideAndBeyondTheWindow() async throws {
        let directory = TemporaryDirectory("stored-ids")
        let (log, ids) = try await Self.log(directory, count: 12, window: 4)
        let unknown = [UUID(), UUID()]
        #expect(try await log.storedEventIDs(among: Set(ids + unknown)) == Set(ids))
        #expect(try await log.storedEventIDs(among: Set(ids.suffix(3))) == Set(ids.suffix(3)), "inside the window only")
        #expect(try await log.storedEventIDs(among: [ids[0], unknown[0]]) == [ids[0]], "older than the window only")
        #expect(try await log.storedEventIDs(among: Set(unknown)).isEmpty)
        #expect(try await log.storedEventIDs(among: []).isEmpty)
        // An append beyond the window is not recognised as a retry: the answer above is what
        // tells a caller such an id is there already.
        let copy = ProposedEvent(id: ids[0], type: "SetLogged", payload: Array("{}".utf8))
        #expect(try await log.append([copy], to: "stream-0").wasAlreadyStored == false)
        try await log.close()
    }

    @Test("a read-only log answers the same, by a scan of the log")
    func readOnly() async throws {
        let directory = TemporaryDirectory("stored-ids")
        let (writer, ids) = try await Self.log(directory, count: 7, window: 2)
        try await writer.close()
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        let unknown = UUID()
        #expect(try await log.storedEventIDs(among: Set(ids + [unknown])) == Set(ids))
        #expect(try await log.storedEventIDs(among: [unknown]).isEmpty)
    }

    @Test("after a reopen the writer's saved window answers, and the scan the rest")
    func afterReopening() async throws {
        let directory = TemporaryDirectory("stored-ids")
        let (first, ids) = try await Self.log(directory, count: 9, window: 5)
        try await first.close()
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none, idempotencyWindow: 5))
        #expect(try await log.storedEventIDs(among: Set(ids)) == Set(ids))
        #expect(try await log.storedEventIDs(among: Set(ids.suffix(5))) == Set(ids.suffix(5)))
        try await log.close()
    }
}
