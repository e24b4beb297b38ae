import AntrainLog
import AntrainPostgres
import AntrainTestSupport
import Foundation
import PostgresNIO
import Testing

/// What a log on a server adds to the conformance suites: many logs in one database, each on
/// its own; appenders on several connections at once; the errors a server brings.
@Suite("The log on PostgreSQL")
struct PostgresLogTests {
    static func open(_ name: String = "test-\(UUID().uuidString)", create: Bool = true) async throws -> PostgresLog {
        try await PostgresLog.open(try PostgresTestServer.shared().configuration, log: name, create: create,
                                   lockTimeout: PostgresTestServer.lockTimeout)
    }

    @Test("Logs in one database are on their own: positions, streams and chains of each")
    func logsApart() async throws {
        let first = try await Self.open()
        let second = try await Self.open()
        try await first.append(Sample.events(0..<3), to: "workout-1", expectedVersion: .noStream)
        let other = try await second.append(Sample.events(3..<5), to: "workout-1", expectedVersion: .noStream)
        #expect(other.offsets == [0, 1] && other.streamVersion == 1, "the second log counts from 0, its stream is its own")
        let (firstEnd, secondEnd) = (try await first.end(), try await second.end())
        #expect(firstEnd.nextOffset == 3 && secondEnd.nextOffset == 2 && firstEnd.chainHead != secondEnd.chainHead)
        #expect(try await first.allRecords().count == 3)
        #expect(try await second.allRecords().count == 2)
        // The same log opened again (another process) sees what was appended.
        let again = try await Self.open(first.name, create: false)
        let seen = try await again.allRecords().map(\.eventID)
        #expect(try await seen == first.allRecords().map(\.eventID))
        for log in [first, second, again] { try await log.close() }
    }

    @Test("A log that does not exist is named in the error, and nothing is created")
    func missingLog() async throws {
        let name = "never-\(UUID().uuidString)"
        await #expect(throws: PostgresLogError.noSuchLog(name)) { try await Self.open(name, create: false) }
        await #expect(throws: PostgresLogError.noSuchLog(name)) { try await Self.open(name, create: false) }
        #expect(PostgresLogError.noSuchLog(name).description == "there is no log named \(name) in this database")
    }

    @Test("An append that cannot take its log's lock in time fails naming the log, and appends nothing")
    func lockTimeout() async throws {
        let server = try PostgresTestServer.shared()
        let log = try await PostgresLog.open(server.configuration, log: "lock-\(UUID().uuidString)", create: true, lockTimeout: .seconds(1))
        // Another process's append, stopped while it holds the log's row.
        let holder = try await PostgresConnection.connect(configuration: server.configuration, id: 7, logger: .init(label: "holder"))
        try await holder.query("BEGIN", logger: .init(label: "holder"))
        try await holder.query("SELECT 1 FROM antrain_logs WHERE name = \(log.name) FOR UPDATE", logger: .init(label: "holder"))
        await #expect(throws: PostgresLogError.lockTimeout(log: log.name, seconds: 1)) {
            try await log.append(Sample.events(0..<1), to: "workout-1", expectedVersion: .noStream)
        }
        try await holder.query("ROLLBACK", logger: .init(label: "holder"))
        try await holder.close()
        #expect(try await log.end().nextOffset == 0)
        #expect(try await log.append(Sample.events(0..<1), to: "workout-1", expectedVersion: .noStream).offsets == [0])
        try await log.close()
    }

    @Test("The server refuses any change of stored events and commits: update, delete, truncate; the log verifies after")
    func appendOnly() async throws {
        // A database of its own: a TRUNCATE waits for every transaction on the table, and
        // every read of other tests would wait behind it.
        let database = try await PostgresTestServer.shared().newDatabase()
        let log = try await PostgresLog.open(database, log: "append-only", create: true)
        try await log.append(Sample.events(0..<3), to: "workout-1", expectedVersion: .noStream)
        let other = try await PostgresConnection.connect(configuration: database, id: 8, logger: .init(label: "other"))
        let name = log.name
        for statement: PostgresQuery in [
            "UPDATE antrain_events SET payload = '\\x00' WHERE log_id = (SELECT log_id FROM antrain_logs WHERE name = \(name))", "DELETE FROM antrain_events WHERE log_id = (SELECT log_id FROM antrain_logs WHERE name = \(name))",
            "UPDATE antrain_commits SET chain = chain WHERE log_id = (SELECT log_id FROM antrain_logs WHERE name = \(name))", "DELETE FROM antrain_commits WHERE log_id = (SELECT log_id FROM antrain_logs WHERE name = \(name))",
            "TRUNCATE antrain_events CASCADE", "TRUNCATE antrain_commits CASCADE",
        ] {
            do {
                try await other.query(statement, logger: .init(label: "other"))
                Issue.record("the server took \(statement.sql)")
            } catch let error as PSQLError {
                #expect(String(reflecting: error).contains("are never changed"), "\(statement.sql): \(String(reflecting: error))")
            }
        }
        try await other.close()
        let report = try await log.verify(progress: nil)
        #expect(report.ok && report.events == 3)
        try await log.close()
    }

    @Test("A server that cannot be reached is said so, with the server's reason")
    func unreachable() async throws {
        let nowhere = PostgresConnection.Configuration(unixSocketPath: "/nonexistent/antrain/.s.PGSQL.5432", username: "postgres",
                                                       password: nil, database: "postgres")
        do {
            _ = try await PostgresLog.open(nowhere, log: "x", create: true)
            Issue.record("opening a log on no server should fail")
        } catch let error as PostgresLogError {
            guard case .unreachable = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("cannot reach the PostgreSQL server: "), "\(error)")
        }
    }

    @Test("Four connections appending to one log at once: every append stored, positions gapless in commit order, the chain whole")
    func concurrentAppenders() async throws {
        let name = "test-\(UUID().uuidString)"
        let logs = try await withThrowingTaskGroup(of: PostgresLog.self) { group in
            for _ in 0..<4 { group.addTask { try await Self.open(name) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (number, log) in logs.enumerated() {
                group.addTask {
                    for round in 0..<25 {
                        try await log.append([Sample.event(number * 100 + round)], to: "appender-\(number)",
                                         expectedVersion: round == 0 ? .noStream : .exact(UInt64(round - 1)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let records = try await logs[0].allRecords()
        #expect(records.map(\.offset) == Array(0..<100))
        for number in 0..<4 {
            #expect(records.filter { $0.streamID == "appender-\(number)" }.map(\.streamVersion) == Array(0..<25))
        }
        let report = try await logs[1].verify()
        #expect(report.ok && report.events == 100, "\(report.problems)")
        for log in logs { try await log.close() }
    }

    @Test("Two connections racing on one stream's expected version: exactly one append of each version wins")
    func expectedVersionRace() async throws {
        let name = "test-\(UUID().uuidString)"
        let first = try await Self.open(name)
        let second = try await Self.open(name)
        var wins = 0
        var refusals = 0
        for version in 0..<10 {
            let expected: ExpectedVersion = version == 0 ? .noStream : .exact(UInt64(version - 1))
            async let a = Self.attempt(first, Sample.event(version * 2), expected)
            async let b = Self.attempt(second, Sample.event(version * 2 + 1), expected)
            for outcome in await [a, b] {
                switch outcome {
                case .success: wins += 1
                case let .failure(error):
                    #expect(error is LogError, "\(error)")
                    refusals += 1
                }
            }
        }
        #expect(wins == 10 && refusals == 10)
        #expect(try await first.allRecords().map(\.streamVersion) == Array(0..<10))
        #expect(try await first.streamVersion(of: "s") == 9)
        try await first.close()
        try await second.close()
    }

    static func attempt(_ log: PostgresLog, _ event: ProposedEvent, _ expected: ExpectedVersion) async -> Result<AppendResult, any Error> {
        do {
            return .success(try await log.append([event], to: "s", expectedVersion: expected))
        } catch {
            return .failure(error)
        }
    }
}
