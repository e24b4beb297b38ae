import AntrainTestSupport
import Foundation
import Testing

/// Issue 36: several terminals on one log. Processes append through `append` and through
/// recording commands while others run every query, for a fixed number of rounds (no clock
/// decides anything here). Every command must exit 0 (no crash), no model's stored position
/// may ever move backward, and afterwards every read model answers, in JSON, exactly what a
/// fresh rebuild of the same log answers.
@Suite("Several processes on one log: appends, recording and queries at once, through the binary")
struct ConcurrentCommandsTests {
    static let scale = max(1, ProcessInfo.processInfo.environment["ANTRAIN_STATE_STRESS_SCALE"].flatMap(Int.init) ?? 1)
    /// Rounds of each loop.
    static let rounds = 6 * scale

    /// Every read model's queries, in JSON, over the days the loops write.
    static let queries: [[String]] = [
        ["history", "--format", "json"], ["prs", "--format", "json"], ["stats", "--format", "json"],
        ["summary", "--format", "json"], ["nutrition", "--from", "2025-09-01", "--to", "2025-09-30", "--format", "json"],
        ["bodyweight", "--from", "2025-09-01", "--to", "2025-09-30", "--format", "json"], ["program", "--format", "json"],
        ["food", "list", "--format", "json"],
    ]

    @Test("Appenders, a recording terminal and three query loops: no crash, no position moved back, the answers of a rebuild")
    func severalTerminals() async throws {
        let scratch = try await seededScratch()
        let log = scratch.log
        let probe = StateFileProbe(logDirectory: log)
        #expect(try await scratch.runOnLog(["nutrition", "--format", "json"]).status == 0)
        let watcher = PositionWatcher(probe: probe)
        try await Self.loops(scratch, watcher)

        try watcher.look()
        #expect(watcher.backward.isEmpty, "positions moved back: \(watcher.backward)")
        let fresh = try scratch.freshCopy(of: log, named: "fresh")
        for query in Self.queries {
            let incremental = try await scratch.run(query + ["--log-dir", log])
            let rebuilt = try await scratch.run(query + ["--log-dir", fresh])
            #expect(incremental.status == 0 && rebuilt.status == 0, "\(query): \(incremental.stderr) \(rebuilt.stderr)")
            #expect(incremental.stdout == rebuilt.stdout, "\(query.joined(separator: " ")) differs from a fresh rebuild's answer")
        }
        let events = try await scratch.eventCount()
        print("concurrent commands: \(Self.rounds) rounds, \(events) events, \(watcher.looks) looks at the positions, "
              + "\(watcher.backward.count) moved back")
    }

    /// The terminals at once on the scratch's log: an appending script, a recording terminal,
    /// three query loops that look at the stored positions after each query.
    static func loops(_ scratch: Scratch, _ watcher: PositionWatcher) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            // A script appending diary entries and weigh-ins with `append`.
            group.addTask {
                for round in 0..<Self.rounds {
                    for _ in 0..<3 { try await Self.expectSuccess(scratch, ["append"], stdin: AppendLines.oats(day: Self.day(round))) }
                    let weighIn = AppendLines.weighIn(80 + Double(round) / 10, at: "\(Self.day(round))T06:30:00Z")
                    try await Self.expectSuccess(scratch, ["append"], stdin: weighIn)
                }
            }
            // A terminal recording a workout and meals through the command rules.
            group.addTask {
                for round in 0..<Self.rounds {
                    try await Self.expectSuccess(scratch, ["workout", "start", "--name", "Round \(round)"])
                    for reps in [5, 5, 3] {
                        try await Self.expectSuccess(scratch, ["workout", "set", "barbell back squat", "\(100 + round * 5)kg", "x", "\(reps)"])
                    }
                    try await Self.expectSuccess(scratch, ["workout", "complete"])
                    try await Self.expectSuccess(scratch, ["eat", "rolled oats", "60g", "--meal", "breakfast", "--date", Self.day(round)])
                    try await Self.expectSuccess(scratch, ["bodyweight", "\(79 + round)kg"])
                }
            }
            // Three watch loops of queries, each starting at another query.
            for loop in 0..<3 {
                group.addTask {
                    for round in 0..<(Self.rounds * 2) {
                        let query = Self.queries[(loop * 3 + round) % Self.queries.count]
                        try await Self.expectSuccess(scratch, query)
                        try watcher.look()
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    static func day(_ round: Int) -> String { String(format: "2025-09-%02d", 10 + round % 20) }

    static func expectSuccess(_ scratch: Scratch, _ arguments: [String], stdin: String? = nil) async throws {
        let result = try await scratch.runOnLog(arguments, stdin: stdin)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
    }
}

/// Reads the stored positions again and again, and remembers any that moved backward.
final class PositionWatcher: @unchecked Sendable {
    private let offsets: @Sendable () throws -> [String: UInt64]
    private let lock = NSLock()
    private var last: [String: UInt64] = [:]
    private(set) var backward: [String] = []
    private(set) var looks = 0

    init(probe: StateFileProbe) { offsets = { try probe.offsets() } }

    /// A watcher of the offsets `offsets` reads (a server log's state, say).
    init(offsets: @escaping @Sendable () throws -> [String: UInt64]) { self.offsets = offsets }

    /// One look; looks run one at a time, so that an older look never lands after a newer one.
    func look() throws {
        lock.lock()
        defer { lock.unlock() }
        let offsets = try self.offsets()
        looks += 1
        for (model, offset) in offsets {
            if let before = last[model], offset < before { backward.append("\(model): \(before) to \(offset)") }
            last[model] = max(offset, last[model] ?? 0)
        }
    }
}
