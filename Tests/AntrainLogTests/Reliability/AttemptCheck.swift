import AntrainEvents
import AntrainLog
import Foundation
import Testing

/// Parses the lines of `antrain-stress contend`; task numbers are offset by `taskBase` so that
/// the tasks of several processes stay apart. Returns the attempts and the `done` numbers.
func parseContendOutput(_ lines: [String], taskBase: Int, context: String) -> (attempts: [Attempt], done: [Int]) {
    var attempts: [Attempt] = []
    var done: [Int] = []
    for line in lines {
        let words = line.split(separator: " ").map(String.init)
        switch words.first {
        case "ok" where words.count == 8:
            guard let task = Int(words[1]), let append = Int(words[2]), let attempt = Int(words[3]), let last = UInt64(words[5]) else { break }
            let offsets = words[6].split(separator: ",").compactMap { UInt64($0) }
            let ids = words[7].split(separator: ",").compactMap { UUID(uuidString: String($0)) }
            let first = last + 1 - UInt64(offsets.count)
            attempts.append(Attempt(task: taskBase + task, append: append, attempt: attempt, stream: words[4],
                                    expected: first == 0 ? nil : first - 1, outcome: .stored(offsets: offsets, lastVersion: last), ids: ids))
            continue
        case "conflict" where words.count == 7:
            guard let task = Int(words[1]), let append = Int(words[2]), let attempt = Int(words[3]) else { break }
            attempts.append(Attempt(task: taskBase + task, append: append, attempt: attempt, stream: words[4], expected: UInt64(words[5]),
                                    outcome: .conflict(actual: UInt64(words[6])), ids: []))
            continue
        case "done":
            done = words.dropFirst().compactMap { Int($0) }
            continue
        default:
            break
        }
        Issue.record("\(context): unexpected line '\(line)'")
    }
    return (attempts, done)
}

/// Checks a run's attempts against the log: each attempt answered once; the stored ones,
/// together, are exactly the log; each conflict reports a version its stream really had,
/// newer than the one expected.
struct AttemptCheck {
    let records: [LogRecord]
    private(set) var attempts = 0, successes = 0, conflicts = 0

    init(records: [LogRecord]) { self.records = records }

    mutating func check(_ all: [Attempt], appendsPerTask: [Int: Int], context: String) {
        attempts = all.count
        // Each append: attempts 0, 1, ... each answered once, conflicts and then one success.
        let byAppend = Dictionary(grouping: all) { "\($0.task)/\($0.append)" }
        for (task, appends) in appendsPerTask {
            for append in 0..<appends {
                let answers = (byAppend["\(task)/\(append)"] ?? []).sorted { $0.attempt < $1.attempt }
                let wellFormed = answers.map(\.attempt) == Array(0..<answers.count) && answers.last?.isConflict == false
                    && answers.dropLast().allSatisfy(\.isConflict)
                if !wellFormed {
                    Issue.record("\(context): task \(task) append \(append) was answered \(answers.map { "\($0.attempt):\($0.outcome)" })")
                }
            }
        }
        #expect(byAppend.count == appendsPerTask.values.reduce(0, +), "\(context): no answers to appends never made")

        // The stored appends are the log: every offset once, each record the one appended there.
        var stored: [UInt64: (Attempt, Int)] = [:]
        var lastVersions: [String: Set<UInt64>] = [:]
        for attempt in all {
            guard case let .stored(offsets, lastVersion) = attempt.outcome else { continue }
            successes += 1
            lastVersions[attempt.stream, default: []].insert(lastVersion)
            for (index, offset) in offsets.enumerated() {
                if stored.updateValue((attempt, index), forKey: offset) != nil { Issue.record("\(context): offset \(offset) stored twice") }
            }
        }
        conflicts = attempts - successes
        #expect(stored.count == records.count, "\(context): \(stored.count) events stored, \(records.count) in the log")
        var versions: [String: UInt64] = [:]
        for (index, record) in records.enumerated() {
            let stream = record.streamID
            let version = versions[stream].map { $0 + 1 } ?? 0
            versions[stream] = version
            guard record.offset == UInt64(index), let (attempt, position) = stored[record.offset] else {
                Issue.record("\(context): record \(index) at offset \(record.offset) was never acknowledged")
                continue
            }
            guard case let .stored(offsets, lastVersion) = attempt.outcome else { continue }
            let expectedVersion = lastVersion + 1 - UInt64(offsets.count) + UInt64(position)
            if record.streamVersion != version || record.streamVersion != expectedVersion || stream != attempt.stream
                || (!attempt.ids.isEmpty && record.eventID != attempt.ids[position]) {
                let found = "\(stream) version \(record.streamVersion) id \(record.eventID)"
                Issue.record("\(context): offset \(record.offset) holds \(found); acknowledged \(attempt.stream) version \(expectedVersion), gapless \(version)")
            }
            // The append expected the version before its first event.
            let first = lastVersion + 1 - UInt64(offsets.count)
            if attempt.expected != (first == 0 ? nil : first - 1) {
                Issue.record("\(context): an append expecting \(versionLabel(attempt.expected)) stored versions from \(first)")
            }
        }
        #expect(Set(records.map(\.eventID)).count == records.count, "\(context): no event id twice")

        // A conflict reports a version the stream really had after some commit, newer than expected.
        for attempt in all {
            guard case let .conflict(actual) = attempt.outcome else { continue }
            let grew = switch (attempt.expected, actual) {
            case (nil, .some): true
            case let (.some(old), .some(new)): new > old
            default: false
            }
            if !grew || !(lastVersions[attempt.stream] ?? []).contains(actual ?? .max) {
                let which = "task \(attempt.task) append \(attempt.append) expecting \(versionLabel(attempt.expected))"
                Issue.record("\(context): \(which) got a conflict naming version \(versionLabel(actual)) of \(attempt.stream)")
            }
        }
    }

    private func versionLabel(_ version: UInt64?) -> String { version.map(String.init) ?? "no stream" }
}
