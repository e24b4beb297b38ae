import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// `contend`: many tasks of one writer process appending to a few shared streams with exact
/// expected versions, retrying each conflict with the version it reports.
///
/// Task `t` makes `appends` appends; its append `j` holds `1 + j % batch` `SetLogged` events
/// with the ids `UUID.stable(prefix, "t", "j", "k")` and goes to a stream picked at random
/// (seeded by the prefix and the task). Each attempt prints exactly one line:
///
///     ok T J ATTEMPT STREAM LAST-VERSION OFFSET,OFFSET,... ID,ID,...
///     conflict T J ATTEMPT STREAM EXPECTED ACTUAL        (a version, or `none`)
///
/// and a retry keeps the ids. Every tenth successful append is sent again unchanged and must
/// come back as already stored with the same offsets. The last line is
/// `done TASKS APPENDS EVENTS ATTEMPTS CONFLICTS RESENT`.
///
/// The writer lock admits one writer process: `--wait-lock S` waits up to S seconds for it,
/// so that several contend processes take turns on one log.
struct ContendMode {
    let log: String
    let streams: Int
    let appends: Int
    let tasks: Int
    let batch: Int
    let prefix: String
    let segmentSize: Int?
    let waitLock: Int

    init(_ arguments: inout Arguments) throws(UsageError) {
        log = try arguments.string("log")
        streams = try arguments.int("streams", 1...1000)
        appends = try arguments.int("appends", 1...10_000_000)
        tasks = try arguments.int("tasks", 1...256, default: 8)
        batch = try arguments.int("batch", 1...20, default: 3)
        prefix = arguments.optionalString("prefix") ?? "contend"
        segmentSize = try arguments.optionalInt("segment-size", 4096...(1 << 40))
        waitLock = try arguments.int("wait-lock", 0...3600, default: 0)
        try arguments.finish()
    }

    /// The workout of shared stream `number`: the same for every contend process.
    static func workoutID(_ number: Int) -> UUID { UUID.stable("contend-stream", String(number)) }

    struct Tally {
        var events = 0
        var attempts = 0
        var conflicts = 0
        var resent = 0
    }

    func run() async throws {
        var options = LogOptions()
        if let segmentSize { options.segmentSize = UInt64(segmentSize) }
        let eventLog = try await openWaitingForLock(options)
        let total = try await withThrowingTaskGroup(of: Tally.self) { group in
            for task in 0..<tasks {
                group.addTask { try await contend(task: task, log: eventLog) }
            }
            return try await group.reduce(into: Tally()) { sum, tally in
                sum.events += tally.events
                sum.attempts += tally.attempts
                sum.conflicts += tally.conflicts
                sum.resent += tally.resent
            }
        }
        try await eventLog.close()
        Output.line("done \(tasks) \(tasks * appends) \(total.events) \(total.attempts) \(total.conflicts) \(total.resent)")
    }

    private func openWaitingForLock(_ options: LogOptions) async throws -> EventLog {
        let deadline = ContinuousClock.now + .seconds(waitLock)
        while true {
            do {
                return try await EventLog.open(at: FilePath(log), options: options)
            } catch LogError.locked where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    private func contend(task: Int, log: EventLog) async throws -> Tally {
        let prefixSeed = prefix.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var random = SplitMix64(seed: prefixSeed ^ (UInt64(task + 1) &* 0x9E37_79B9_7F4A_7C15))
        var known: [Int: UInt64] = [:]
        var tally = Tally()
        for append in 0..<appends {
            let stream = Int(random.next() % UInt64(streams))
            let workoutID = Self.workoutID(stream)
            let streamName = StreamName.workout(workoutID)
            let now = Timestamp.now
            let events = (0..<(1 + append % batch)).map { index -> NewEvent in
                let id = UUID.stable(prefix, String(task), String(append), String(index))
                let performance = SetPerformance(reps: 1 + (append + index) % 12, weight: .kilograms(Double(40 + task)))
                return NewEvent(SetLogged(workoutID: workoutID, entryID: UUID.stable(prefix, String(task), "entry"), setID: id,
                                          performance: performance, loggedAt: now), id: id)
            }
            var attempt = 0
            while true {
                let before = known[stream]
                let expected: ExpectedVersion = before.map { .exact($0) } ?? .noStream
                tally.attempts += 1
                do {
                    let result = try await log.append(events, expectedVersion: expected)
                    let ids = events.map(\.id.uuidString).joined(separator: ",")
                    Output.line("ok \(task) \(append) \(attempt) \(streamName) \(result.streamVersion) "
                                + "\(result.offsets.map(String.init).joined(separator: ",")) \(ids)")
                    let wanted = (before.map { $0 + 1 } ?? 0) + UInt64(events.count) - 1
                    guard !result.wasAlreadyStored, result.offsets.count == events.count, result.streamVersion == wanted else {
                        throw InvariantViolation(description: "task \(task) append \(append): expected version \(expected) gave \(result)")
                    }
                    known[stream] = result.streamVersion
                    tally.events += events.count
                    if append % 10 == 9 {
                        let again = try await log.append(events, expectedVersion: expected)
                        guard again.wasAlreadyStored, again.offsets == result.offsets, again.streamVersion == result.streamVersion else {
                            throw InvariantViolation(description: "task \(task) append \(append): sending it again gave \(again), first \(result)")
                        }
                        tally.resent += 1
                    }
                    break
                } catch let LogError.wrongExpectedVersion(reported, reportedExpected, actual) {
                    Output.line("conflict \(task) \(append) \(attempt) \(reported) \(versionText(before)) \(versionText(actual))")
                    let grew = switch (before, actual) {
                    case (nil, .some): true
                    case let (.some(old), .some(new)): new > old
                    default: false
                    }
                    guard reported == streamName, reportedExpected == expected, grew else {
                        throw InvariantViolation(description: "task \(task) append \(append): a conflict on \(reported) expecting "
                                                 + "\(reportedExpected) reported version \(versionText(actual)) for an append to "
                                                 + "\(streamName) expecting \(expected)")
                    }
                    known[stream] = actual
                    tally.conflicts += 1
                    attempt += 1
                    guard attempt < 100_000 else {
                        throw InvariantViolation(description: "task \(task) append \(append): \(attempt) conflicts in a row")
                    }
                }
            }
        }
        return tally
    }
}
