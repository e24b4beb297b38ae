import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// Issue 6, item 6: many appenders with expected versions, readers and subscriptions at the
/// same time, in one process and across processes; every invariant holds: gapless offsets,
/// gapless and unique versions per stream, each attempt answered exactly once (stored, or one
/// conflict naming a version the stream really had), each subscription sees every event once
/// and in order, and the log verifies.
///
/// `ANTRAIN_CONCURRENCY_SCALE` (default 1, a few seconds) multiplies the appends;
/// `scripts/concurrency.sh` runs it large.
@Suite("Concurrency: appenders, readers and subscriptions at once", .serialized)
struct ConcurrencyTests {
    static let scale = max(1, ProcessInfo.processInfo.environment["ANTRAIN_CONCURRENCY_SCALE"].flatMap(Int.init) ?? 1)

    @Test("in one process: 16 tasks contend on shared streams while readers and subscriptions follow")
    func inOneProcess() async throws {
        let tasks = 16
        let appends = 20 * Self.scale
        let streams = 4
        let directory = TemporaryDirectory("concurrency")
        // Small segments, so that readers and subscriptions cross segment rolls while they follow.
        let log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 32 << 10))
        let plans = (0..<tasks).map { ContenderPlan(task: $0, appends: appends, streams: streams) }
        let total = plans.reduce(0) { $0 + $1.eventCount }
        var perStream: [String: Int] = [:]
        for plan in plans {
            for (stream, count) in plan.eventsPerStream { perStream[stream, default: 0] += count }
        }
        let watchedStream = ContenderPlan.streamName(0)
        let watchedCount = perStream[watchedStream] ?? 0

        let everything = Task { try await collect(log.subscribe(pollInterval: .milliseconds(20)), count: total) }
        let oneStream = Task {
            try await collect(log.subscribe(ReadFilter(streamID: watchedStream), pollInterval: .milliseconds(20)), count: watchedCount)
        }
        let readers = (0..<3).map { _ in Task { try await readRepeatedly(log, until: total) } }
        let attempts = try await withThrowingTaskGroup(of: [Attempt].self) { group in
            for plan in plans {
                group.addTask { try await plan.run(on: log) }
            }
            return try await group.reduce(into: [Attempt]()) { $0 += $1 }
        }
        // A guard against a hang, not a measure of speed (see Patience).
        let watchdog = Task {
            try await Task.sleep(for: Patience.duration(120 * Double(Self.scale)))
            everything.cancel()
            oneStream.cancel()
            readers.forEach { $0.cancel() }
        }
        defer { watchdog.cancel() }

        let records = try await log.allRecords()
        var outcome = AttemptCheck(records: records)
        outcome.check(attempts, appendsPerTask: [Int: Int](uniqueKeysWithValues: plans.map { ($0.task, appends) }), context: "in one process")
        #expect(records.count == total)

        let seen = try await everything.value
        #expect(seen.map(\.offset) == Array(0..<UInt64(total)), "the subscription sees every event once, in offset order")
        #expect(seen.map(\.eventID) == records.map(\.eventID))
        let watched = try await oneStream.value
        #expect(watched.map(\.streamVersion) == Array(0..<UInt64(watchedCount)),
                "a stream's subscription sees its events once, in version order")
        #expect(watched.map(\.eventID) == records.filter { $0.streamID == watchedStream }.map(\.eventID))
        var (passes, partial) = (0, 0)
        for reader in readers {
            let result = try await reader.value
            (passes, partial) = (passes + result.passes, partial + result.partial)
        }
        let report = try await log.verify()
        #expect(report.ok, "\(report.problems)")
        try await log.close()
        print("concurrency (one process): \(tasks) tasks, \(outcome.successes) appends, \(total) events, \(outcome.attempts) attempts, "
              + "\(outcome.conflicts) conflicts, \(tasks * (appends / 10)) sent twice, \(passes) reads (\(partial) mid-write), "
              + "\(seen.count) + \(watched.count) subscribed, \(report.segments) segments")
    }

    @Test("across processes: two writer processes take turns contending, reader and subscriber processes follow")
    func acrossProcesses() async throws {
        let directory = TemporaryDirectory("concurrency-processes")
        let logPath = directory.file("log")
        try FileManager.default.createDirectory(atPath: logPath, withIntermediateDirectories: true)
        let tasks = 8
        let appends = 15 * Self.scale
        let batch = 3
        let writers = 2
        let perProcess = tasks * (0..<appends).reduce(0) { $0 + 1 + $1 % batch }
        let total = writers * perProcess
        // A guard against a hang, not a measure of speed (see Patience).
        let timeout = Int(Patience.seconds(120 * Double(Self.scale)))

        // This process follows too, through a read-only log (the writers hold the lock).
        let reader = try await EventLog.openReadOnly(at: .init(logPath))
        let following = Task { try await collect(reader.subscribe(pollInterval: .milliseconds(10)), count: total) }
        // The writer lock admits one writer process at a time: the second waits for the first.
        let writerRuns = (0..<writers).map { number in
            Task {
                try await StressProcess.run(["contend", "--log", logPath, "--streams", "3", "--appends", String(appends),
                                             "--tasks", String(tasks), "--batch", String(batch), "--prefix", "process-\(number)",
                                             "--segment-size", "32768", "--wait-lock", String(timeout)],
                                            timeout: .seconds(timeout))
            }
        }
        let readerRuns = (0..<2).map { _ in
            Task { try await StressProcess.run(["read", "--log", logPath, "--until", String(total), "--timeout", String(timeout)]) }
        }
        let subscriberRun = Task {
            try await StressProcess.run(["subscribe", "--log", logPath, "--count", String(total), "--timeout", String(timeout)])
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(timeout))
            following.cancel()
        }
        defer { watchdog.cancel() }

        var attempts: [Attempt] = []
        var appendsPerTask: [Int: Int] = [:]
        for (number, run) in writerRuns.enumerated() {
            let output = try await run.value
            #expect(output.exitStatus == 0, "writer \(number) ended with \(output.endDescription): \(output.stderr)")
            if output.exitStatus != 0 {
                // The followers would wait for events that never come until their timeout:
                // stop them now, so that the failure is reported at once.
                for run in readerRuns { run.cancel() }
                subscriberRun.cancel()
                following.cancel()
            }
            let parsed = parseContendOutput(output.lines, taskBase: number * 1000, context: "writer \(number)")
            attempts += parsed.attempts
            for task in 0..<tasks { appendsPerTask[number * 1000 + task] = appends }
            #expect(parsed.done == [tasks, tasks * appends, perProcess, parsed.attempts.count,
                                    parsed.attempts.filter(\.isConflict).count, tasks * (appends / 10)],
                    "writer \(number)'s totals agree with its lines")
        }
        let log = try await EventLog.openReadOnly(at: .init(logPath))
        let records = try await log.allRecords()
        #expect(records.count == total)
        var outcome = AttemptCheck(records: records)
        outcome.check(attempts, appendsPerTask: appendsPerTask, context: "across processes")

        var readPasses: [String] = []
        for (number, run) in readerRuns.enumerated() {
            let output = try await run.value
            #expect(output.exitStatus == 0, "reader \(number) ended with \(output.endDescription): \(output.stderr)")
            let done = output.lines.last?.split(separator: " ") ?? []
            #expect(done.count == 4 && done[2] == "\(total)", "reader \(number) ends having read everything: \(output.lines.suffix(1))")
            if done.count == 4 { readPasses.append("\(done[1]) reads (\(done[3]) mid-write)") }
        }
        let subscriber = try await subscriberRun.value
        #expect(subscriber.exitStatus == 0, "the subscriber process ended with \(subscriber.endDescription): \(subscriber.stderr)")
        let events = subscriber.lines.filter { $0.hasPrefix("event ") }.map { $0.split(separator: " ") }
        #expect(events.map { UInt64($0[1]) } == Array(0..<UInt64(total)), "the subscriber process sees every event once, in order")
        #expect(events.map { UUID(uuidString: String($0[4])) } == records.map(\.eventID))
        #expect(events.map { "\($0[2]) \($0[3])" } == records.map { "\($0.streamID) \($0.streamVersion)" })
        let seen = try await following.value
        #expect(seen.map(\.offset) == Array(0..<UInt64(total)), "a subscription in this process sees every event once, in order")
        #expect(seen.map(\.eventID) == records.map(\.eventID))
        let report = try await log.verify()
        #expect(report.ok, "\(report.problems)")
        print("concurrency (processes): \(writers) writer processes of \(tasks) tasks, \(outcome.successes) appends, \(total) events, "
              + "\(outcome.attempts) attempts, \(outcome.conflicts) conflicts, reader processes: \(readPasses.joined(separator: ", ")), "
              + "1 subscriber process, \(report.segments) segments")
    }
}

// MARK: - Contenders in this process

/// One attempt of one append and how it was answered.
struct Attempt: Sendable {
    var task: Int, append: Int, attempt: Int
    var stream: String
    /// The version the attempt expected; nil for "no stream".
    var expected: UInt64?
    var outcome: Outcome
    var ids: [UUID]

    enum Outcome: Sendable {
        case stored(offsets: [UInt64], lastVersion: UInt64)
        case conflict(actual: UInt64?)
    }

    var isConflict: Bool { if case .conflict = outcome { true } else { false } }
}

/// What one task appends: to which stream and how many events each append carries, fixed in
/// advance (seeded), so that the test knows every stream's final length.
struct ContenderPlan: Sendable {
    let task: Int, appends: Int
    let targets: [Int]

    init(task: Int, appends: Int, streams: Int) {
        (self.task, self.appends) = (task, appends)
        var random = SplitMix64(seed: 0xC0FFEE &+ UInt64(task))
        targets = (0..<appends).map { _ in Int.random(in: 0..<streams, using: &random) }
    }

    static func workoutID(_ stream: Int) -> UUID { UUID.stable("concurrency-stream", String(stream)) }
    static func streamName(_ stream: Int) -> String { StreamName.workout(workoutID(stream)) }

    func size(_ append: Int) -> Int { 1 + append % 3 }
    var eventCount: Int { (0..<appends).reduce(0) { $0 + size($1) } }
    var eventsPerStream: [String: Int] {
        var counts: [String: Int] = [:]
        for append in 0..<appends { counts[Self.streamName(targets[append]), default: 0] += size(append) }
        return counts
    }

    /// Appends each append with the version it last saw of the stream, retrying with the
    /// version a conflict reports (same ids); every tenth stored append is sent again and
    /// must come back as already stored.
    func run(on log: EventLog) async throws -> [Attempt] {
        var known: [Int: UInt64] = [:]
        var attempts: [Attempt] = []
        for append in 0..<appends {
            let stream = targets[append]
            let now = Timestamp.now
            let events = (0..<size(append)).map { index in
                let id = UUID.stable("concurrency", String(task), String(append), String(index))
                return NewEvent(SetLogged(workoutID: Self.workoutID(stream), entryID: UUID.stable("concurrency", String(task)), setID: id,
                                          performance: SetPerformance(reps: 5, weight: .kilograms(Double(50 + task))), loggedAt: now), id: id)
            }
            var attempt = 0
            while true {
                let before = known[stream]
                let expected: ExpectedVersion = before.map { .exact($0) } ?? .noStream
                var record = Attempt(task: task, append: append, attempt: attempt, stream: Self.streamName(stream), expected: before,
                                     outcome: .conflict(actual: nil), ids: events.map(\.id))
                do {
                    let result = try await log.append(events, expectedVersion: expected)
                    record.outcome = .stored(offsets: result.offsets, lastVersion: result.streamVersion)
                    attempts.append(record)
                    #expect(!result.wasAlreadyStored)
                    known[stream] = result.streamVersion
                    if append % 10 == 9 {
                        let again = try await log.append(events, expectedVersion: expected)
                        #expect(again.wasAlreadyStored && again.offsets == result.offsets && again.streamVersion == result.streamVersion,
                                "sending a stored append again returns its first result")
                    }
                    break
                } catch let LogError.wrongExpectedVersion(reported, reportedExpected, actual) {
                    #expect(reported == Self.streamName(stream) && reportedExpected == expected, "the conflict names the append's stream and expectation")
                    record.outcome = .conflict(actual: actual)
                    attempts.append(record)
                    known[stream] = actual
                    attempt += 1
                    try #require(attempt < 100_000, "task \(task) append \(append) never got through")
                }
            }
        }
        return attempts
    }
}

/// Reads the whole log again and again until it holds `until` records; each read must be a
/// gapless prefix with gapless versions per stream, no shorter than the one before.
func readRepeatedly(_ log: EventLog, until: Int) async throws -> (passes: Int, partial: Int) {
    var (passes, partial, previous) = (0, 0, 0)
    while !Task.isCancelled {
        var count = 0
        var versions: [String: UInt64] = [:]
        for try await record in log.records() {
            let stream = record.streamID
            let version = versions[stream].map { $0 + 1 } ?? 0
            guard record.offset == UInt64(count), record.streamVersion == version else {
                Issue.record("a read found offset \(record.offset) (expected \(count)), version \(record.streamVersion) of \(stream) (expected \(version))")
                return (passes, partial)
            }
            versions[stream] = version
            count += 1
        }
        #expect(count >= previous, "what was read once stays readable")
        previous = count
        passes += 1
        if count >= until { break }
        if count > 0 { partial += 1 }
        try await Task.sleep(for: .milliseconds(1))
    }
    return (passes, partial)
}

/// The first `count` records of a subscription (fewer when the task is cancelled first).
func collect(_ subscription: LogSubscription, count: Int) async throws -> [LogRecord] {
    var seen: [LogRecord] = []
    guard count > 0 else { return seen }
    for try await record in subscription {
        seen.append(record)
        if seen.count == count { break }
    }
    return seen
}
