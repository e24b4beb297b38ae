import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// Issue 6, item 1: a writer process killed with SIGKILL at random moments never loses an
/// acknowledged event, never stores one twice, and leaves a log that verifies.
///
/// Each round starts `antrain-stress write` on the same log (continuing where the rounds
/// before left it), reads the `ack OFFSET ID` lines it writes after each durable append, kills
/// it with SIGKILL after a random delay, then reopens the log for writing, as a restarted app
/// would, and checks it. `ANTRAIN_KILL_ROUNDS` sets the number of rounds (`scripts/kill9.sh`
/// runs 500), `ANTRAIN_KILL_SEED` replays a run; the seed is printed.
@Suite("Kill -9", .serialized)
struct KillNineTests {
    @Test("a writer killed with SIGKILL at random moments loses no acknowledged event, duplicates none, and the log verifies")
    func killedWriterLosesNothing() async throws {
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["ANTRAIN_KILL_ROUNDS"].flatMap(Int.init) ?? 20
        let seed = environment["ANTRAIN_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(Int64.max))
        print("kill-9: seed \(seed) (ANTRAIN_KILL_SEED=\(seed) replays the same delays), \(rounds) rounds")
        var random = SplitMix64(seed: seed)
        let directory = TemporaryDirectory("kill9")
        let logPath = directory.file("log")
        var checker = KillNineChecker(seed: seed)
        let started = ContinuousClock.now
        for round in 0..<rounds {
            let plan = KillNineRound(number: round, random: &random)
            var output = try await StressProcess.run(plan.arguments(log: logPath), kill: plan.kill)
            // A child that another test spawns at that instant may hold a copy of the lock's
            // descriptor (see `reopenForWriting`): then the writer did not start; start it again.
            var retries = 0
            while output.exitStatus == 1, output.stderr.contains("locked"), retries < 5 {
                retries += 1
                try await Task.sleep(for: .milliseconds(20))
                output = try await StressProcess.run(plan.arguments(log: logPath), kill: plan.kill)
            }
            let log = try await reopenForWriting(logPath)
            await checker.check(plan, output: output, log: log, directory: logPath)
            try await log.close()
        }
        print(checker.summary)
        print(checker.details + ", " + (ContinuousClock.now - started).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))
        #expect(checker.lost == 0, "seed \(seed)")
        #expect(checker.duplicated == 0, "seed \(seed)")
        #expect(checker.failedVerifications == 0, "seed \(seed)")
        #expect(checker.rounds == rounds)
    }
}

/// What one round does: which events the writer appends, in what batches, and when it dies.
struct KillNineRound {
    let number: Int
    let batch: Int
    let kill: StressProcess.Kill
    /// Small segments in some rounds, so that kills also land around a segment roll.
    let segmentSize: Int?

    init(number: Int, random: inout SplitMix64) {
        self.number = number
        // Mostly small appends; one round in six a batch of thousands of events, a block of many
        // pages whose encoding and write take a while.
        batch = Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 1000...5000, using: &random) : Int.random(in: 1...5, using: &random)
        // One round in four dies 5 to 150 ms after it was started: during start-up, opening,
        // the first scan of the log, or the first appends. The others die 0 to 30 ms after
        // the first acknowledgement, amid appends (most of a short life would otherwise be
        // start-up, and every append adds blocks that each later verification reads again).
        kill = Int.random(in: 0..<4, using: &random) == 0
            ? .afterStart(.milliseconds(Int.random(in: 5...150, using: &random)))
            : .afterFirstLine(.microseconds(Int.random(in: 0...30_000, using: &random)))
        segmentSize = Int.random(in: 0..<3, using: &random) == 0 ? 16 << 10 : nil
    }

    var prefix: String { "round-\(number)" }

    /// The id the writer gives its event `index` (see `WriteMode.eventID` in antrain-stress).
    func eventID(_ index: Int) -> UUID { UUID.stable(prefix, String(index)) }

    func arguments(log: String) -> [String] {
        ["write", "--log", log, "--stream-prefix", prefix, "--count", "10000000", "--batch", String(batch)]
            + (segmentSize.map { ["--segment-size", String($0)] } ?? [])
    }

    var description: String {
        "round \(number) (batch \(batch), killed \(kill)" + (segmentSize.map { ", \($0)-byte segments)" } ?? ")")
    }
}

/// Checks the log after each round against everything ever acknowledged, and counts.
struct KillNineChecker {
    let seed: UInt64
    private(set) var rounds = 0, acknowledged = 0, found = 0, lost = 0, duplicated = 0, failedVerifications = 0
    private(set) var unacknowledgedKept = 0, tornTailsCut = 0, roundsWithoutAck = 0, maxAcksInRound = 0
    /// Every event ever acknowledged, with its offset.
    private var acknowledgedOffsets: [UUID: UInt64] = [:]
    private var lostIDs = Set<UUID>()
    /// The log's end after the round before.
    private var end: UInt64 = 0

    init(seed: UInt64) { self.seed = seed }

    var summary: String {
        "kill-9: \(rounds) rounds, \(acknowledged) acknowledged events, \(lost) lost, \(duplicated) duplicated, \(failedVerifications) failed verifications"
    }

    var details: String {
        "kill-9 details: seed \(seed), \(found) events in the log, \(unacknowledgedKept) written but killed before their ack, "
            + "\(tornTailsCut) torn tails cut, \(roundsWithoutAck) rounds killed before the first ack, at most \(maxAcksInRound) acks in a round"
    }

    mutating func check(_ round: KillNineRound, output: StressOutput, log: EventLog, directory: String) async {
        let context = "seed \(seed), \(round.description)"
        rounds += 1
        if output.signal != SIGKILL {
            Issue.record("\(context): the writer was not killed by our SIGKILL but ended with \(output.endDescription); stderr: \(output.stderr)")
        }
        // The acknowledgements: offsets follow the end of the log, ids the writer's numbering.
        var acks: [(offset: UInt64, id: UUID)] = []
        for line in output.lines {
            let words = line.split(separator: " ")
            if words.first == "done" { continue }
            guard words.count == 3, words[0] == "ack", let offset = UInt64(words[1]), let id = UUID(uuidString: String(words[2])) else {
                Issue.record("\(context): the writer wrote '\(line)'")
                continue
            }
            acks.append((offset, id))
        }
        for (index, ack) in acks.enumerated() where ack.offset != end + UInt64(index) || ack.id != round.eventID(index) {
            Issue.record("\(context): acknowledgement \(index) is offset \(ack.offset) id \(ack.id), expected offset \(end + UInt64(index)) id \(round.eventID(index))")
            break
        }
        acknowledged += acks.count
        maxAcksInRound = max(maxAcksInRound, acks.count)
        if acks.isEmpty { roundsWithoutAck += 1 }
        for ack in acks { acknowledgedOffsets[ack.id] = ack.offset }

        // The log as reopened: gapless offsets, each id once, gapless versions per stream.
        let records: [LogRecord]
        do {
            records = try await log.allRecords()
        } catch {
            Issue.record("\(context): reading the reopened log failed: \(error)")
            failedVerifications += 1
            return
        }
        found = records.count
        var offsetsByID: [UUID: [UInt64]] = [:]
        var versions: [String: UInt64] = [:]
        for (index, record) in records.enumerated() {
            if record.offset != UInt64(index) {
                Issue.record("\(context): record \(index) has offset \(record.offset): the offsets have a gap")
                break
            }
            offsetsByID[record.eventID, default: []].append(record.offset)
            let stream = record.streamID
            let version = versions[stream].map { $0 + 1 } ?? 0
            if record.streamVersion != version {
                Issue.record("\(context): offset \(record.offset) has version \(record.streamVersion) of \(stream), expected \(version)")
            }
            versions[stream] = record.streamVersion
        }
        let repeated = offsetsByID.filter { $0.value.count > 1 }
        if !repeated.isEmpty {
            duplicated = max(duplicated, repeated.values.reduce(0) { $0 + $1.count - 1 })
            Issue.record("\(context): ids stored more than once: \(repeated.prefix(5))")
        }
        // Every event acknowledged in any round so far is still there, at its offset.
        for (id, offset) in acknowledgedOffsets where offsetsByID[id] != [offset] && !lostIDs.contains(id) {
            lostIDs.insert(id)
            lost += 1
            Issue.record("\(context): acknowledged event \(id) at offset \(offset) is \(offsetsByID[id].map { "at \($0)" } ?? "missing")")
        }
        // After the acknowledged events of this round, at most the next events of the same
        // writer (appended but killed before the ack), in order, and nothing else.
        let roundStart = Int(end)
        if records.count >= roundStart + acks.count {
            for index in (roundStart + acks.count)..<records.count where records[index].eventID != round.eventID(index - roundStart) {
                Issue.record("\(context): offset \(index) holds \(records[index].eventID), not the writer's next event \(round.eventID(index - roundStart))")
                break
            }
            unacknowledgedKept += records.count - roundStart - acks.count
        } else {
            Issue.record("\(context): the log ends at \(records.count), before the round's acknowledged end \(roundStart + acks.count)")
        }
        end = UInt64(records.count)

        // A torn tail cut at opening holds only what was never acknowledged.
        if let cut = log.openingCut {
            tornTailsCut += 1
            checkQuarantined(cut, directory: directory, context: context)
        }
        do {
            let report = try await log.verify()
            if !report.ok || report.events != end {
                failedVerifications += 1
                Issue.record("\(context): verification found \(report.problems) with \(report.events) events of \(end)")
            }
        } catch {
            failedVerifications += 1
            Issue.record("\(context): verification failed: \(error)")
        }
    }

    /// The cut bytes start a block header (when that much was written): its first offset must
    /// be the log's end, past every acknowledged event.
    private func checkQuarantined(_ cut: TailCut, directory: String, context: String) {
        guard let bytes = FileManager.default.contents(atPath: directory + "/" + cut.quarantineFile) else {
            Issue.record("\(context): the cut bytes are not in \(cut.quarantineFile)")
            return
        }
        if bytes.count != Int(cut.bytes) { Issue.record("\(context): \(cut) but quarantine holds \(bytes.count) bytes") }
        guard bytes.count >= 24 else { return }
        let magic = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self).littleEndian }
        let firstOffset = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian }
        if magic == 0x184D_2A5A && firstOffset < end {
            Issue.record("\(context): the torn block cut into quarantine starts at offset \(firstOffset), inside the kept log (end \(end))")
        }
    }
}
