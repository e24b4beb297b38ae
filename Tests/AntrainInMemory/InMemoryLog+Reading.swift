import AntrainLog
import Foundation

// Reading (``LogReader``): commits handed out as batches, narrowed to what a filter passes.
extension InMemoryLog {
    /// Where the log ends: the position after its last commit.
    public func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash) { try currentEnd() }

    /// Where the log ends now.
    public func currentEnd() throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        let head = state.withLock { $0.head }
        return (head.offset, head.chainHash)
    }

    /// The records passing `filter`, a batch per commit that holds any.
    public func makeBatchIterator(_ filter: ReadFilter) -> any RecordBatchIterator {
        Batches(log: self, filter: filter)
    }

    /// The position after the commit ending exactly at `offset`, nil when none does.
    public func position(endingAt offset: UInt64) throws -> LogPosition? {
        guard offset > 0 else { return .start }
        return state.withLock { state in
            guard let index = Self.commitIndex(holding: offset - 1, in: state.commits) else { return nil }
            let end = state.commits[index].end
            return end.offset == offset ? end : nil
        }
    }

    /// Counts and time span; a commit counts as a block, and nothing is on disk.
    public func info() async throws -> LogInfo {
        let commits = state.withLock { $0.commits }
        var perType: [String: UInt64] = [:]
        var streams = Set<String>()
        var first: Int64?
        var last: Int64?
        var bytes: UInt64 = 0
        for commit in commits {
            bytes += UInt64(commit.bytes.count)
            for record in commit.batch.records {
                perType[record.eventType, default: 0] += 1
                streams.insert(record.streamID)
                first = min(first ?? .max, record.recordedAtMicroseconds)
                last = max(last ?? .min, record.recordedAtMicroseconds)
            }
        }
        let head = commits.last?.end ?? .start
        return LogInfo(path: name, events: head.offset, segments: 0, blocks: commits.count, bytesOnDisk: 0,
                       uncompressedBytes: bytes, compressionRatio: 1, firstTimestamp: first.map { Date(microsecondsSince1970: $0) },
                       lastTimestamp: last.map { Date(microsecondsSince1970: $0) }, streams: streams.count,
                       eventsPerType: perType, chainHead: head.chainHash.hex)
    }

    /// Recomputes the chain over every commit and checks that offsets run on without a gap.
    public func verify(progress: (@Sendable (VerificationProgress) -> Void)?) async throws -> VerificationReport {
        let commits = state.withLock { $0.commits }
        var head = LogPosition.start
        var problems: [VerificationReport.Problem] = []
        var bytes: UInt64 = 0
        for (number, commit) in commits.enumerated() {
            let records = commit.batch.records
            let gapless = records.indices.allSatisfy { records[$0].offset == commit.firstOffset + UInt64($0) }
            let chained = Self.chain(head.chainHash, commit.bytes) == commit.end.chainHash
            guard commit.firstOffset == head.offset, gapless, chained else {
                let reason = !chained ? "its chain hash is not the hash of the commit before and its records"
                    : "its offsets do not follow the commit before without a gap"
                problems.append(.init(kind: "corruption", damage: Damage(segment: name, position: UInt64(number), firstOffset: commit.firstOffset,
                                                                          endOffset: commit.end.offset, reason: reason)))
                break
            }
            head = commit.end
            bytes += UInt64(commit.bytes.count)
        }
        return VerificationReport(events: head.offset, segments: 0, blocks: commits.count, bytesOnDisk: 0, uncompressedBytes: bytes,
                                  chainHead: head.chainHash.hex, problems: problems, notes: [])
    }

    /// Reads commits one after another, looking at the log afresh at each: a read that met
    /// the end goes on from there once more is appended.
    struct Batches: RecordBatchIterator {
        let log: InMemoryLog
        let filter: ReadFilter
        /// The index of the next commit to look at; found from the filter's start at first.
        var next: Int?

        init(log: InMemoryLog, filter: ReadFilter) {
            self.log = log
            self.filter = filter
        }

        mutating func nextBatch() throws -> RecordBatch? {
            while true {
                let (commit, index) = log.state.withLock { state -> (Commit?, Int) in
                    let index = next ?? InMemoryLog.commitIndex(holding: filter.startOffset, in: state.commits) ?? state.commits.count
                    return (index < state.commits.count ? state.commits[index] : nil, index)
                }
                next = index
                guard let commit else { return nil }
                if let stop = filter.endOffset, commit.firstOffset >= stop { return nil }
                next = index + 1
                let batch = commit.batch.narrowed(to: filter, commitEnd: commit.end.offset)
                if !batch.records.isEmpty { return batch }
            }
        }
    }
}
