import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// Event ids are checked against the log's last `idempotencyWindow` events, and the writer
/// reads and holds no more than that, whatever the log's size.
@Suite("The idempotency window")
struct IdempotencyWindowTests {
    @Test("with a window of 10, an id older than the window is accepted again, and one within it is refused")
    func smallWindow() async throws {
        let directory = TemporaryDirectory()
        let options = LogOptions(durability: .none, idempotencyWindow: 10)
        var log = try await reopenForWriting(directory.path, options: options)
        let ids = (0..<30).map { UUID.stable("window", String($0)) }
        for id in ids { try await log.append([event(id)], to: "s") }
        // The window is offsets 20 to 29.
        #expect(try await log.append([event(ids[0])], to: "other").offsets == [30])
        await #expect(throws: LogError.duplicateEventID(ids[25], existingOffset: 25)) {
            try await log.append([event(ids[25])], to: "other")
        }
        #expect(try await log.append([event(ids[29])], to: "s").wasAlreadyStored)
        #expect(try await log.stateStatistics().idsInMemory == 10)
        try await log.close()

        // The same from the persisted window, queried id by id: offsets 21 to 30.
        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.append([event(ids[1])], to: "other").offsets == [31])
        await #expect(throws: LogError.duplicateEventID(ids[27], existingOffset: 27)) {
            try await log.append([event(ids[27])], to: "other")
        }
        await #expect(throws: LogError.duplicateEventID(ids[0], existingOffset: 30)) {
            try await log.append([event(ids[0], "other content")], to: "other")
        }
        let retry = try await log.append([event(ids[0])], to: "other")
        #expect(retry.wasAlreadyStored && retry.offsets == [30])
        let statistics = try await log.stateStatistics()
        #expect(statistics.idQueries > 0 && !statistics.windowLoaded)
        try await log.close()
    }

    @Test("on a 200,000-event log the first append reads only what follows the state, and a handful of appends query the window id by id")
    func largeLog() async throws {
        let directory = TemporaryDirectory("large")
        let files = StateFiles(directory: directory.path)
        let options = LogOptions(durability: .none)
        var log = try await reopenForWriting(directory.path, options: options)
        var kept: [Int: ProposedEvent] = [:]
        for batch in 0..<200 {
            let events = (0..<1000).map { index in
                ProposedEvent(id: UUID.stable("large", String(batch * 1000 + index)), type: "Noted", payload: Array("\(batch)".utf8))
            }
            if batch == 50 || batch == 150 { kept[batch * 1000] = events[0] }
            try await log.append(events, to: "s\(batch % 40)")
        }
        var statistics = try await log.stateStatistics()
        #expect(statistics.idsInMemory == 100_000, "memory holds the window, not the log")
        #expect(!statistics.windowLoaded && statistics.idQueries == 0, "a new log's window is in memory from the start")
        try await log.close()
        try files.copy(to: directory.file("saved"))

        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.append([Sample.event(0)], to: "s7", expectedVersion: .exact(4999)).offsets == [200_000])
        for index in 1..<5 { try await log.append([Sample.event(index)], to: "new-\(index)", expectedVersion: .noStream) }
        statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == 0)
        #expect(statistics.idQueries == 5 && !statistics.windowLoaded && statistics.idsInMemory == 5)
        #expect(statistics.streamsInMemory == 5)
        try await log.close()

        // As if the writer had died before saving those five appends.
        try files.restore(from: directory.file("saved"))
        log = try await reopenForWriting(directory.path, options: options)
        #expect(try await log.streamVersion(of: "new-4") == 0)
        statistics = try await log.stateStatistics()
        #expect(statistics.recordsScanned == 5 && statistics.rebuildReason == nil)

        // A bulk import: after a few thousand queries the window is loaded once.
        for batch in 0..<6 {
            let events = (0..<1000).map { ProposedEvent(id: UUID.stable("import", String(batch * 1000 + $0)), type: "Noted", payload: []) }
            try await log.append(events, to: "import")
        }
        statistics = try await log.stateStatistics()
        #expect(statistics.windowLoaded && statistics.idQueries <= 4096, "\(statistics)")
        #expect(statistics.idsInMemory == 100_000)
        // The window is now offsets 106,005 to 206,004: event 150,000 is in it, 50,000 is not.
        let retry = try await log.append([kept[150_000]!], to: "s30")
        #expect(retry.wasAlreadyStored && retry.offsets == [150_000])
        #expect(try await log.append([kept[50_000]!], to: "elsewhere").offsets == [206_005])
        try await log.close()
    }
}
