import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// Opens a log read-only, waiting for its directory to appear (a reader may start before the writer).
func openForReading(_ path: String) async throws -> EventLogReader {
    while !FileManager.default.fileExists(atPath: path) {
        try await Task.sleep(for: .milliseconds(5))
    }
    return try await EventLog.openReadOnly(at: FilePath(path))
}

/// `read`: a reader process beside a writer process. Reads the whole log again and again until
/// it holds at least `until` records; every read must be a gapless prefix of offsets with
/// gapless versions in each stream and no event id twice, and no shorter than the one before.
/// Prints `done PASSES RECORDS PARTIAL`, PARTIAL counting the passes that ended before `until`
/// (reads that met the writer at work).
struct ReadMode {
    let log: String
    let until: Int
    let timeout: Int

    init(_ arguments: inout Arguments) throws(UsageError) {
        log = try arguments.string("log")
        until = try arguments.int("until", 0...Int(Int32.max))
        timeout = try arguments.int("timeout", 1...86_400, default: 120)
        try arguments.finish()
    }

    func run() async throws {
        startWatchdog(seconds: timeout, "reading until \(until) records")
        let eventLog = try await openForReading(log)
        var passes = 0
        var partial = 0
        var previous: UInt64 = 0
        while true {
            var count: UInt64 = 0
            var versions: [String: UInt64] = [:]
            var ids = Set<UUID>()
            for try await record in eventLog.records() {
                let stream = record.streamID
                let version = versions[stream].map { $0 + 1 } ?? 0
                guard record.offset == count, record.streamVersion == version, ids.insert(record.eventID).inserted else {
                    throw InvariantViolation(description: "pass \(passes): record \(count) read has offset \(record.offset), "
                                             + "version \(record.streamVersion) of \(stream) (expected \(version)), id \(record.eventID)")
                }
                versions[stream] = version
                count += 1
            }
            guard count >= previous else {
                throw InvariantViolation(description: "pass \(passes) read \(count) records, the pass before \(previous)")
            }
            previous = count
            passes += 1
            if count >= UInt64(until) { break }
            if count > 0 { partial += 1 }
            try await Task.sleep(for: .milliseconds(2))
        }
        Output.line("done \(passes) \(previous) \(partial)")
    }
}

/// `subscribe`: a subscription in a process of its own. Prints
/// `event OFFSET STREAM VERSION EVENT-ID` for each record from offset 0 until `count` records
/// came, then `done COUNT`. The parent checks them; a gap or a repeat fails here at once.
struct SubscribeMode {
    let log: String
    let count: Int
    let timeout: Int
    let poll: Int

    init(_ arguments: inout Arguments) throws(UsageError) {
        log = try arguments.string("log")
        count = try arguments.int("count", 0...Int(Int32.max))
        timeout = try arguments.int("timeout", 1...86_400, default: 120)
        poll = try arguments.int("poll", 1...60_000, default: 10)
        try arguments.finish()
    }

    func run() async throws {
        startWatchdog(seconds: timeout, "subscribing until \(count) records")
        let eventLog = try await openForReading(log)
        var seen: UInt64 = 0
        if count > 0 {
            for try await record in eventLog.subscribe(pollInterval: .milliseconds(poll)) {
                Output.line("event \(record.offset) \(record.streamID) \(record.streamVersion) \(record.eventID.uuidString)")
                guard record.offset == seen else {
                    throw InvariantViolation(description: "the subscription gave offset \(record.offset) where \(seen) was next")
                }
                seen += 1
                if seen == UInt64(count) { break }
            }
        }
        Output.line("done \(seen)")
    }
}
