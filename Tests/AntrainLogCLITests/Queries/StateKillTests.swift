import AntrainProjections
import Foundation
import Glibc
import Testing

/// kill -9 while a command writes the read models' state, through the binary: the next command
/// answers exactly as on a log whose state was never interrupted, and a killed rebuild's
/// unfinished generation of the state file does not outlive it. The kills are spread over the
/// killed command's run (measured first), so they land while it folds, while it writes its
/// batch back and while it commits. scripts/kill9-state.sh runs the long version: more kill
/// points (`ANTRAIN_STATE_KILL_POINTS`, 5 here) on a larger log (`ANTRAIN_STATE_KILL_ATHLETES`, 2).
@Suite("kill -9 while the state is written", .serialized)
struct StateKillTests {
    /// The queries whose answers are compared: every read model is asked.
    static let queries: [[String]] = [
        ["history", "--limit", "20", "--format", "json"], ["prs", "--format", "json"], ["stats", "--format", "json"],
        ["summary", "--format", "json"], ["nutrition", "--format", "json"], ["bodyweight", "--format", "json"],
        ["program", "--format", "json"],
    ]

    @Test("A rebuild killed at any point leaves the state it had or the new one, and queries answer as before")
    func killedRebuild() async throws {
        let scratch = try Scratch()
        let master = try await Self.generated(scratch, "master", seed: 4)
        #expect(try await scratch.run(["rebuild", "--log-dir", master]).status == 0)
        let expected = try await Self.answers(scratch, Self.copy(scratch, master, "clean"))
        let landed = try await Self.killRepeatedly(scratch, master, command: ["rebuild"]) { log in
            let answers = try await Self.answers(scratch, log)
            #expect(answers == expected)
            // The generation the killed rebuild was writing is gone: the queries removed it.
            let files = try FileManager.default.contentsOfDirectory(atPath: log + "/projections")
            #expect(files.filter { $0.hasPrefix("state-") && $0.hasSuffix(".sqlite") }.count == 1, "\(files)")
        }
        #expect(landed >= max(1, Self.points / 3), "only \(landed) kills landed while the rebuild ran")
    }

    @Test("A catch-up killed while it folds or writes back leaves the state behind, and the next query catches up")
    func killedCatchUp() async throws {
        let scratch = try Scratch()
        let master = try await Self.generated(scratch, "master", seed: 4)
        #expect(try await scratch.run(["rebuild", "--log-dir", master]).status == 0)
        // A second history in the same log: the state is now thousands of events behind.
        let more = try await scratch.run(["generate", "--athletes", Self.athletes, "--weeks", "12", "--seed", "9", "--into-existing",
                                          "--log-dir", master])
        #expect(more.status == 0, "\(more.stderr)")
        let clean = try Self.copy(scratch, master, "clean")
        // Each command is asked again after its kill, with the others that read its models.
        for (command, queries) in [(["program"], [Self.queries[0], Self.queries[2], Self.queries[6]]), (["nutrition"], [Self.queries[4]])] {
            let expected = try await Self.answers(scratch, clean, queries)
            let landed = try await Self.killRepeatedly(scratch, master, command: command) { log in
                let answers = try await Self.answers(scratch, log, queries)
                #expect(answers == expected, "after \(command) was killed")
            }
            #expect(landed >= max(1, Self.points / 3), "only \(landed) kills of \(command) landed while it ran")
        }
    }

    // MARK: Support

    static let environment = ProcessInfo.processInfo.environment
    /// How many kills each command gets.
    static let points = environment["ANTRAIN_STATE_KILL_POINTS"].flatMap { Int($0) } ?? 5
    /// How many athletes' twelve weeks the log holds (about 2,000 events each).
    static let athletes = environment["ANTRAIN_STATE_KILL_ATHLETES"] ?? "2"

    /// A generated log of ``athletes`` athletes' twelve weeks.
    static func generated(_ scratch: Scratch, _ name: String, seed: Int) async throws -> String {
        let log = scratch.url.appendingPathComponent(name).path
        let result = try await scratch.run(["generate", "--athletes", athletes, "--weeks", "12", "--seed", "\(seed)", "--log-dir", log])
        #expect(result.status == 0, "\(result.stderr)")
        return log
    }

    /// A copy of the log directory `log`, named `name`.
    static func copy(_ scratch: Scratch, _ log: String, _ name: String) throws -> String {
        let copy = scratch.url.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: log, toPath: copy)
        return copy
    }

    /// The exit status and output of `queries` (all of them by default) on `log`.
    static func answers(_ scratch: Scratch, _ log: String, _ queries: [[String]] = queries) async throws -> [String] {
        var answers: [String] = []
        for query in queries {
            let result = try await scratch.run(query + ["--log-dir", log])
            #expect(result.status == 0, "\(query): \(result.stderr)")
            answers.append("\(query.first ?? "") exit \(result.status)\n\(result.stdout)")
        }
        return answers
    }

    /// Runs `command` on copies of `master`, killing it with SIGKILL at ``points`` points
    /// spread over the time an uninterrupted run takes, then runs `check` on each copy.
    /// Returns how many kills found the command still running.
    static func killRepeatedly(_ scratch: Scratch, _ master: String, command: [String],
                               check: (String) async throws -> Void) async throws -> Int {
        // The quicker of two runs, so that most kills find it running.
        var whole = Duration.seconds(60)
        for _ in 0..<2 {
            let timed = try copy(scratch, master, "timed")
            let started = ContinuousClock.now
            #expect(try await scratch.run(command + ["--log-dir", timed]).status == 0)
            whole = min(whole, ContinuousClock.now - started)
        }
        var landed = 0
        for point in 1...points {
            // A kill that finds the command finished (a busy machine slows the timed run, an
            // idle one speeds this one) is tried again at half the delay, up to seven times:
            // by then the delay is under 1/100 of the timed run, which load cannot outrun.
            var delay = whole * Double(point) / Double(points + 1)
            for attempt in 0..<8 {
                let log = try copy(scratch, master, "killed-\(point)")
                let running = try CLI.start(command + ["--log-dir", log], workingDirectory: scratch.url)
                // A blocking sleep, not `Task.sleep`: on a busy machine the cooperative pool
                // resumes a sleeping task late, and every kill would find the command finished.
                Self.sleep(delay)
                let hit = running.process.isRunning
                if hit { kill(running.process.processIdentifier, SIGKILL) }
                running.process.waitUntilExit()
                if hit { landed += 1 }
                if hit || attempt == 7 {
                    try await check(log)
                    try FileManager.default.removeItem(atPath: log)
                    break
                }
                delay = delay / 2
            }
        }
        print("state-kill: \(command.joined(separator: " ")): \(points) kills, \(landed) while it ran, over \(whole)")
        return landed
    }

    /// Blocks this thread for `duration`.
    static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
