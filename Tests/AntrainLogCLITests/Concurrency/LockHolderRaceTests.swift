import AntrainTestSupport
import Foundation
import Testing

/// Issue 36: two queries catch the same state up while another process holds the state's
/// write lock (as a long catch-up does), with an append between their looks. Whichever gets
/// the lock first, neither may fold an event twice, move a position backward, crash, or print
/// a figure the log does not hold; and afterwards the state answers as a fresh rebuild does.
///
/// Before the fix, a query that read the log's end before the lock folded from its old
/// position when the stored one was already past that end: the entries of a day were folded
/// twice (an arithmetic overflow in the diary's encoding, or +303 kcal with exit 0).
@Suite("Catch-ups racing for the state's write lock, through the binary", .serialized)
struct LockHolderRaceTests {
    /// Rounds of the race (`ANTRAIN_STATE_STRESS_SCALE` multiplies them).
    static let rounds = 10 * max(1, ProcessInfo.processInfo.environment["ANTRAIN_STATE_STRESS_SCALE"].flatMap(Int.init) ?? 1)
    /// The calories of one `AppendLines.oats()` entry.
    static let entry = 303.2

    @Test("A query behind another's end never folds twice: a lock holder, an append between two looks, both orders")
    func racingCatchUps() async throws {
        let scratch = try Scratch()
        let log = scratch.log
        let probe = StateFileProbe(logDirectory: log)
        #expect(try await scratch.runOnLog(["append"], stdin: AppendLines.oats()).status == 0)
        #expect(try await Self.calories(scratch) == Self.entry)
        var entries = 1
        var last: [String: UInt64] = try probe.offsets()
        for round in 0..<Self.rounds {
            // Even rounds: the query that looked later commits first; odd rounds: the earlier.
            let laterFirst = round % 2 == 0
            let holder = try StateWriteLock(probe)
            try holder.take()
            #expect(try await scratch.runOnLog(["append"], stdin: AppendLines.oats()).status == 0)
            let earlier = try CLI.start(Self.query(log), workingDirectory: scratch.url)
            try await LockWaiters.waitUntilWaiting(earlier)
            #expect(try await scratch.runOnLog(["append"], stdin: AppendLines.oats()).status == 0)
            let later = try CLI.start(Self.query(log), workingDirectory: scratch.url)
            try await LockWaiters.waitUntilWaiting(later)
            // Both have looked and wait for the lock; the one to go second is stopped until
            // the first has finished.
            let (first, second) = laterFirst ? (later, earlier) : (earlier, later)
            try await LockWaiters.stop(second)
            try holder.release()
            let firstResult = try await first.finish()
            kill(second.process.processIdentifier, SIGCONT)
            let secondResult = try await second.finish()
            entries += 2
            let (a, b) = laterFirst ? (secondResult, firstResult) : (firstResult, secondResult)
            for (name, result) in [("earlier", a), ("later", b)] {
                #expect(result.status == 0, "round \(round), \(name) query: \(result.stderr)")
                let calories = try Self.parseCalories(result)
                // The earlier looked after one append of the two: it may answer with it alone,
                // or with both, read under the lock; never anything else.
                let allowed = name == "earlier" ? [entries - 1, entries] : [entries]
                #expect(allowed.contains { abs(Double($0) * Self.entry - calories) < 0.01 },
                        "round \(round) (\(laterFirst ? "later" : "earlier") first), the \(name) query answered \(calories) kcal; the log holds \(entries) entries of \(Self.entry)")
            }
            let offsets = try probe.offsets()
            for (model, offset) in offsets {
                #expect(offset >= last[model] ?? 0, "round \(round): \(model) moved back from \(last[model] ?? 0) to \(offset)")
            }
            last = offsets
        }
        // A sum of hundreds of 303.2s is not 303.2 times their count to the last bit.
        #expect(abs(try await Self.calories(scratch) - Double(entries) * Self.entry) < 0.01)
        let fresh = try scratch.freshCopy(of: log, named: "fresh")
        let incremental = try await scratch.run(["nutrition", "--date", "2025-09-15", "--format", "json", "--log-dir", log])
        let rebuilt = try await scratch.run(["nutrition", "--date", "2025-09-15", "--format", "json", "--log-dir", fresh])
        #expect(incremental.stdout == rebuilt.stdout)
        print("lock-holder race: \(Self.rounds) rounds, \(entries) entries, every answer one the log holds, no position moved back")
    }

    static func query(_ log: String) -> [String] { ["nutrition", "--date", "2025-09-15", "--format", "json", "--log-dir", log] }

    static func calories(_ scratch: Scratch) async throws -> Double {
        let result = try await scratch.runOnLog(["nutrition", "--date", "2025-09-15", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try parseCalories(result)
    }

    static func parseCalories(_ result: CLI.Result) throws -> Double {
        let days = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
                                "not a JSON array: \(result.stdout) \(result.stderr)")
        return try #require(days.first?["calories"] as? Double, "no calories: \(result.stdout)")
    }
}
