import AntrainLog
import AntrainPostgres
import AntrainTestSupport
import Foundation
import PostgresNIO
import Testing

/// Subscribers of a server log woken by the server (`LISTEN`/`NOTIFY`) when another
/// connection commits: the poll interval here is an hour, so a subscriber that sees the
/// appends in time was woken by the notification; a broken one would stall the run for an
/// hour rather than fail on a clock that load can reach.
@Suite("The log on PostgreSQL: live subscribers")
struct PostgresSubscriptionTests {
    @Test("A subscriber on one connection sees each commit of another, woken by the server, each record once and in order")
    func wokenByCommits() async throws {
        let writer = try await PostgresLogTests.open()
        try await writer.append(Sample.events(0..<2), to: "workout-1", expectedVersion: .noStream)
        let reader = try await PostgresLogTests.open(writer.name, create: false)  // as another process
        let seen = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            group.addTask {
                var offsets: [UInt64] = []
                for try await record in reader.subscribe(pollInterval: .seconds(3600)) {
                    offsets.append(record.offset)
                    if offsets.count == 8 { break }
                }
                return offsets
            }
            for round in 0..<3 {
                // Each append only once the subscriber has caught up: it then waits at the end.
                await reader.waitForAppends(timeout: .milliseconds(50))
                let range = (2 + round * 2)..<(4 + round * 2)
                try await writer.append(Sample.events(range), to: "workout-1", expectedVersion: .any)
            }
            return try await group.next() ?? []
        }
        #expect(seen == Array(0..<8))
        try await reader.close()
        try await writer.close()
    }

    @Test("The server ends every connection of a subscriber and of its writer: both connect again, and every commit is seen once")
    func connectionsEndedByServer() async throws {
        // A database of its own: every connection to it but the killer's is ended.
        let database = try await PostgresTestServer.shared().newDatabase()
        let writer = try await PostgresLog.open(database, log: "dropped", create: true)
        try await writer.append(Sample.events(0..<2), to: "workout-1", expectedVersion: .noStream)
        let reader = try await PostgresLog.open(database, log: "dropped", create: false)
        let killer = try await PostgresConnection.connect(configuration: database, id: 9, logger: .init(label: "killer"))
        let seenSoFar = Locked(0)
        // Everything is closed whatever the outcome: postgres-nio asserts that a connection
        // is closed before it goes.
        let outcome: Result<[UInt64], any Error>
        do {
            outcome = .success(try await withThrowingTaskGroup(of: [UInt64].self) { group in
                group.addTask {
                    var offsets: [UInt64] = []
                    for try await record in reader.subscribe(pollInterval: .seconds(3600)) {
                        offsets.append(record.offset)
                        seenSoFar.withLock { $0 = offsets.count }
                        if offsets.count == 8 { break }
                    }
                    return offsets
                }
                for round in 0..<3 {
                    await reader.waitForAppends(timeout: .milliseconds(50))
                    if round > 0 {
                        // Ended once the subscriber has seen every commit, as by a restart between commits.
                        while seenSoFar.withLock({ $0 }) < 2 + round * 2 { try await Task.sleep(for: .milliseconds(5)) }
                        let ended = try await killer.query("""
                            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                            WHERE datname = current_database() AND pid <> pg_backend_pid()
                            """, logger: .init(label: "killer")).collect()
                        #expect(try ended[0].decode(Int64.self) >= 2, "the reader's, the writer's and the listener's connections")
                    }
                    let range = (2 + round * 2)..<(4 + round * 2)
                    // An append whose connection was ended while idle begins again on a new one.
                    try await writer.append(Sample.events(range), to: "workout-1", expectedVersion: .any)
                }
                return try await group.next() ?? []
            })
        } catch {
            outcome = .failure(error)
        }
        try await killer.close()
        #expect(try outcome.get() == Array(0..<8))
        #expect(try await reader.end().nextOffset == 8)
        try await reader.close()
        try await writer.close()
    }

    @Test("A wait at the end returns when another connection commits, long before its timeout")
    func waitReturnsOnCommit() async throws {
        let writer = try await PostgresLogTests.open()
        let reader = try await PostgresLogTests.open(writer.name, create: false)
        await reader.waitForAppends(timeout: .milliseconds(1))  // starts listening
        async let waited: Void = reader.waitForAppends(timeout: .seconds(3600))
        // Appends until the wait returns: the first may come before the listener is waiting.
        let appender = Task {
            var index = 0
            while !Task.isCancelled {
                try await writer.append(Sample.events(index..<(index + 1)), to: "workout-\(index)", expectedVersion: .noStream)
                index += 1
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        await waited
        appender.cancel()
        _ = await appender.result
        #expect(try await reader.end().nextOffset > 0)
        try await reader.close()
        try await writer.close()
    }
}
