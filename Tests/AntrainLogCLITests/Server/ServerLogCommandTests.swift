import AntrainTestSupport
import Foundation
import Testing

/// Issue 40: every command on a log kept on a PostgreSQL server (`--store URL --log NAME`),
/// through the binary, against the throwaway server of this test process.
@Suite("A log on a PostgreSQL server, through the binary")
struct ServerLogCommandTests {
    /// Every query whose JSON must be the same from either storage.
    static let queries: [[String]] = [
        ["history", "--format", "json"], ["prs", "--format", "json"], ["stats", "--format", "json"],
        ["summary", "--format", "json"], ["program", "--format", "json"],
        ["nutrition", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json"],
        ["bodyweight", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json"],
        ["replay", "--from", "2025-01-06", "--to", "2025-02-28", "--format", "json"],
        ["exercise", "list", "--format", "json"], ["food", "list", "--format", "json"], ["template", "list", "--format", "json"],
        ["history", "--format", "csv"], ["prs", "barbell back squat", "--format", "json"],
    ]

    @Test("The same generated history on a server and in a directory: equal exports, equal answers to every query, both verify")
    func sameAnswers() async throws {
        let server = try PostgresTestServer.shared()
        let directory = try Scratch()
        let onServer = try Scratch(serverURL: server.url)
        let generate = ["generate", "--athletes", "1", "--weeks", "8", "--seed", "3"]
        for scratch in [directory, onServer] {
            let generated = try await scratch.runOnLog(generate)
            #expect(generated.status == 0, "\(generated.stderr)")
        }
        let exported = try await directory.runOnLog(["export", "--format", "jsonl"])
        let served = try await onServer.runOnLog(["export", "--format", "jsonl"])
        #expect(exported.status == 0 && served.status == 0)
        #expect(exported.stdout.split(separator: "\n").count > 1_500)
        #expect(served.stdout == exported.stdout, "the server log holds other events than the directory log")
        for query in Self.queries {
            let expected = try await directory.runOnLog(query)
            let answered = try await onServer.runOnLog(query)
            #expect(expected.status == 0 && answered.status == 0, "\(query): \(expected.stderr) \(answered.stderr)")
            #expect(Self.untimed(answered.stdout) == Self.untimed(expected.stdout),
                    "\(query.joined(separator: " ")) answers otherwise from the server")
        }
        let verified = try await onServer.runOnLog(["verify", "--format", "json"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains(#""ok":true"#), "\(verified.stdout)")
    }

    @Test("Recording on a server log: seed, a workout, a meal, a weigh-in; queries, logs, cat and rebuild see them")
    func recording() async throws {
        let server = try PostgresTestServer.shared()
        let scratch = try await seededScratch(onServer: server.url)
        let name = try #require(scratch.server?.name)
        for command in [["workout", "start", "--name", "Legs"], ["workout", "set", "barbell back squat", "100kg", "x", "5"],
                        ["workout", "set", "barbell back squat", "105kg", "x", "3"], ["workout", "complete"],
                        ["eat", "rolled oats", "80g", "--meal", "breakfast"], ["bodyweight", "81.5kg"]] {
            let result = try await scratch.runOnLog(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let history = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(history.count == 1 && history.first?["sets"] as? Int == 2 && history.first?["name"] as? String == "Legs")
        let records = try await scratch.runOnLog(["prs", "--format", "json"])
        #expect(records.stdout.contains("105"), "\(records.stdout)")
        let events = try await scratch.eventCount()
        let logs = try await scratch.run(["logs", "--store", server.url, "--format", "json"]).jsonLines()
        let listed = try #require(logs.first { $0["name"] as? String == name })
        #expect(listed["events"] as? Int == events && (listed["chainHead"] as? String)?.count == 64)
        let stream = try await scratch.runOnLog(["cat", "--type", "SetLogged", "--format", "json"]).jsonLines()
        #expect(stream.count == 2)
        let before = try await Self.answers(scratch)
        let rebuilt = try await scratch.runOnLog(["rebuild", "--format", "json"]).jsonLines()
        #expect(rebuilt.first?["events"] as? Int == events)
        #expect(try await Self.answers(scratch) == before, "a rebuild changed an answer")
        // `program start` runs `workout start --program` on the same server log (it passed on
        // only --log-dir before, and started nothing there). Today's "Legs" counts for today's
        // training day: another log, untrained today, starts it.
        let other = try await seededScratch(onServer: server.url)
        let days = (1...7).flatMap { ["--day", "\($0)=Push Day"] }
        for command in [["program", "add", "Every day", "--weeks", "1"] + days, ["program", "activate", "Every day"], ["program", "start"]] {
            let result = try await other.runOnLog(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let started = try await other.runOnLog(["cat", "--type", "WorkoutStarted", "--format", "json"]).jsonLines()
        #expect(started.count == 1 && (started.last?["event"] as? [String: Any])?["programDay"] != nil)
    }

    @Test("What a server brings: a wrong URL, a server that is not there, a log that does not exist, a name without a server")
    func failures() async throws {
        let server = try PostgresTestServer.shared()
        let scratch = try Scratch()
        let cases: [(arguments: [String], status: Int32, saying: String)] = [
            (["history", "--store", "http://example.net/x", "--log", "ana"], 64, "postgresql://"),
            (["history", "--store", server.url], 64, "--log NAME"),
            (["history", "--log", "ana"], 64, "--store"),
            (["history", "--store", server.url, "--log", "ana", "--log-dir", scratch.log], 64, "give one of them"),
            (["history", "--store", "postgresql://postgres@/postgres?host=/nonexistent-\(UUID())", "--log", "ana"], 74,
             "cannot reach the PostgreSQL server"),
            (["history", "--store", server.url, "--log", "no-such-\(UUID())"], 66, "there is no log named"),
            (["workout", "start", "--store", server.url, "--log", "no-such-\(UUID())"], 66, "there is no log named"),
            (["logs"], 64, "--store"),
        ]
        for (arguments, status, saying) in cases {
            let result = try await scratch.run(arguments)
            #expect(result.status == status, "\(arguments): exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(saying), "\(arguments): \(result.stderr)")
        }
        let environment = ["ANTRAIN_STORE": server.url, "ANTRAIN_LOG": "env-\(UUID().uuidString.prefix(8))"]
        let seeded = try await scratch.run(["seed"], environment: environment)
        #expect(seeded.status == 0, "ANTRAIN_STORE and ANTRAIN_LOG name the log: \(seeded.stderr)")
        #expect(try await scratch.run(["exercise", "list", "--format", "json"], environment: environment).jsonArray().count > 50)
    }

    @Test("Appenders, a recording terminal and query loops on one server log: no crash, no position moved back, a rebuild's answers")
    func severalTerminals() async throws {
        let server = try PostgresTestServer.shared()
        let scratch = try await seededScratch(onServer: server.url)
        let probe = try ServerStateProbe(server, log: try #require(scratch.server?.name))
        #expect(try await scratch.runOnLog(["nutrition", "--format", "json"]).status == 0)
        let watcher = PositionWatcher(offsets: { try probe.offsets() })
        try await ConcurrentCommandsTests.loops(scratch, watcher)
        try watcher.look()
        #expect(watcher.looks > 10 && watcher.backward.isEmpty, "positions moved back: \(watcher.backward)")
        var incremental: [String] = []
        for query in ConcurrentCommandsTests.queries { incremental.append(try await scratch.runOnLog(query).stdout) }
        let rebuilt = try await scratch.runOnLog(["rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        for (query, answer) in zip(ConcurrentCommandsTests.queries, incremental) {
            #expect(try await scratch.runOnLog(query).stdout == answer, "\(query.joined(separator: " ")) differs from a rebuild's answer")
        }
    }

    /// An answer without the figures of how long it took (replay's `seconds`, `eventsPerSecond`).
    static func untimed(_ answer: String) -> String {
        answer.replacing(/"(seconds|eventsPerSecond)":[0-9.e+-]+,?/, with: "")
    }

    /// Every query's JSON, in order.
    static func answers(_ scratch: Scratch) async throws -> [String] {
        var answers: [String] = []
        for query in [["history", "--format", "json"], ["prs", "--format", "json"], ["nutrition", "--format", "json"],
                      ["bodyweight", "--format", "json"], ["summary", "--format", "json"]] {
            answers.append(try await scratch.runOnLog(query).stdout)
        }
        return answers
    }
}
