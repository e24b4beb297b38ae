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
        try await PostgresLog.open(try PostgresTestServer.shared().configuration, log: name, create: create)
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
