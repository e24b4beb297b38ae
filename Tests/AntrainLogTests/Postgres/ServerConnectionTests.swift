import AntrainLog
@testable import AntrainPostgres
import AntrainTestSupport
import Foundation
import Logging
import PostgresNIO
import Testing

/// Every query to the server ends: postgres-nio leaves a query sent on a closed connection
/// unanswered for ever, and a read waiting on its thread for that answer once held one of the
/// cooperative pool's two threads of CI's machine until its run was stopped as hung.
@Suite("Queries to the server always end")
struct ServerConnectionTests {
    static let logger = Logger(label: "server-connection-tests")

    @Test("A query on a connection already closed fails at once, waiting on the thread or not")
    func closedBefore() async throws {
        let connection = try await ServerConnection.connect(try PostgresTestServer.shared().configuration, id: 20, logger: Self.logger)
        #expect(try await connection.query("SELECT 1", logger: Self.logger).count == 1)
        await connection.close()
        #expect(connection.isClosed)
        await #expect(throws: ServerConnectionClosed.self) { try await connection.query("SELECT 1", logger: Self.logger) }
        #expect(throws: ServerConnectionClosed.self) { try connection.queryNow("SELECT 1", logger: Self.logger) }
    }

    @Test("A query in flight when the server ends its backend fails, and one in flight when this process closes the connection")
    func closedDuring() async throws {
        let configuration = try PostgresTestServer.shared().configuration
        let sleeper = try await ServerConnection.connect(configuration, id: 21, logger: Self.logger)
        let killer = try await ServerConnection.connect(configuration, id: 22, logger: Self.logger)
        let backend = try await sleeper.query("SELECT pg_backend_pid()", logger: Self.logger)[0].decode(Int32.self)
        let started = ContinuousClock.now
        let sleeping = Task { try await sleeper.query("SELECT pg_sleep(600)", logger: Self.logger) }
        try await waitUntilRunning(backend, on: killer)
        try await killer.query("SELECT pg_terminate_backend(\(backend))", logger: Self.logger)
        await #expect(throws: (any Error).self) { try await sleeping.value }
        #expect(ContinuousClock.now - started < .seconds(600), "the query ended with the backend, not after its sleep")

        let closing = try await ServerConnection.connect(configuration, id: 23, logger: Self.logger)
        let closingBackend = try await closing.query("SELECT pg_backend_pid()", logger: Self.logger)[0].decode(Int32.self)
        let waiting = Task { try await WaitingThread.run { try closing.queryNow("SELECT pg_sleep(600)", logger: Self.logger) } }
        try await waitUntilRunning(closingBackend, on: killer)
        await closing.close()
        await #expect(throws: (any Error).self) { try await waiting.value }
        #expect(ContinuousClock.now - started < .seconds(600))
        try await killer.query("SELECT pg_terminate_backend(\(closingBackend))", logger: Self.logger)
        await killer.close()
    }

    /// Returns once the backend `pid` runs its statement.
    private func waitUntilRunning(_ pid: Int32, on connection: ServerConnection) async throws {
        while try await connection.query("SELECT 1 FROM pg_stat_activity WHERE pid = \(pid) AND state = 'active'",
                                         logger: Self.logger).isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("A closed log refuses reads and appends at once, naming itself")
    func closedLog() async throws {
        let log = try await PostgresLogTests.open()
        try await log.append(Sample.events(0..<3), to: "workout-1", expectedVersion: .noStream)
        try await log.close()
        let closed = PostgresLogError.closed(log.name)
        #expect(throws: closed) { try log.currentEnd() }
        await #expect(throws: closed) { try await log.end() }
        await #expect(throws: closed) { try await log.allRecords() }
        await #expect(throws: closed) { try await log.append(Sample.events(3..<4), to: "workout-1", expectedVersion: .exact(2)) }
        #expect(closed.description == "log \(log.name) on the PostgreSQL server is closed: open it again to read or append")
    }

    @Test("Reads on many threads while the log closes each end: answered, or refused as closed")
    func readsWhileClosing() async throws {
        let log = try await PostgresLogTests.open()
        try await log.append(Sample.events(0..<3), to: "workout-1", expectedVersion: .noStream)
        // Threads of their own, as a fold's reads wait: tasks would take the cooperative pool.
        let readers = (0..<6).map { _ in
            Task { try await WaitingThread.run { () -> (answered: Int, refused: Int) in
                var counts = (answered: 0, refused: 0)
                while counts.refused == 0 {
                    do {
                        let end = try log.currentEnd()
                        #expect(end.nextOffset == 3)
                        counts.answered += 1
                    } catch {
                        #expect(error as? PostgresLogError == .closed(log.name))
                        counts.refused += 1
                    }
                }
                return counts
            } }
        }
        try await Task.sleep(for: .milliseconds(200))
        try await log.close()
        for reader in readers {
            let counts = try await reader.value
            #expect(counts.answered > 0 && counts.refused == 1)
        }
    }
}
