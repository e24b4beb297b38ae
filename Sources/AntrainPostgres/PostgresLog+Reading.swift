import AntrainLog
import Foundation
import NIOCore
import PostgresNIO

// Reading (``LogReader``): commits in position order, by keyset pages.
extension PostgresLog {
    /// Where the log ends: its row's next position and head.
    public func end() async throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        let rows = try await run("SELECT next_position, head FROM antrain_logs WHERE log_id = \(logID)")
        return try Self.end(rows)
    }

    /// Where the log ends now, waiting for the server on this thread.
    public func currentEnd() throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        try Self.end(try runNow("SELECT next_position, head FROM antrain_logs WHERE log_id = \(logID)"))
    }

    private static func end(_ rows: [PostgresRow]) throws -> (nextOffset: UInt64, chainHead: ChainHash) {
        guard let row = rows.first else { throw PostgresLogError.server("the log's row is gone") }
        let (next, head) = try row.decode((Int64, ByteBuffer).self)
        return (UInt64(next), ChainHash(bytes: Array(head.readableBytesView)))
    }

    /// The records passing `filter`, a batch per commit that holds any.
    public func makeBatchIterator(_ filter: ReadFilter) -> any RecordBatchIterator {
        PostgresBatches(log: self, filter: filter)
    }

    /// The position after the commit ending exactly at `offset`, nil when none does.
    public func position(endingAt offset: UInt64) throws -> LogPosition? {
        guard offset > 0 else { return .start }
        let rows = try runNow("SELECT chain FROM antrain_commits WHERE log_id = \(logID) AND end_position = \(Int64(clamping: offset))")
        return try rows.first.map { LogPosition(offset: offset, chainHash: ChainHash(bytes: Array(try $0.decode(ByteBuffer.self).readableBytesView))) }
    }

    /// Which of `ids` the log holds, asked of its unique index of ids, a thousand at a time.
    public func storedEventIDs(among ids: some Sequence<UUID>) async throws -> Set<UUID> {
        let wanted = Array(Set(ids))
        var found = Set<UUID>()
        var start = 0
        while start < wanted.count {
            let chunk = Array(wanted[start..<min(start + 1_000, wanted.count)])
            for row in try await run("SELECT event_id FROM antrain_events WHERE log_id = \(logID) AND event_id = ANY(\(chunk))") {
                found.insert(try row.decode(UUID.self))
            }
            start += chunk.count
        }
        return found
    }

    /// Counts and time span, from the tables; a commit counts as a block.
    public func info() async throws -> LogInfo {
        let end = try await self.end()
        var perType: [String: UInt64] = [:]
        for row in try await run("SELECT event_type, count(*) FROM antrain_events WHERE log_id = \(logID) GROUP BY event_type") {
            let (type, count) = try row.decode((String, Int64).self)
            perType[type] = UInt64(count)
        }
        let summary = try await run("""
            SELECT count(DISTINCT stream), min(recorded_at_us), max(recorded_at_us), coalesce(sum(length(payload)), 0)::bigint,
                   (SELECT count(*) FROM antrain_commits WHERE log_id = \(logID))
            FROM antrain_events WHERE log_id = \(logID)
            """)
        let (streams, first, last, bytes, commits) = try summary[0].decode((Int64, Int64?, Int64?, Int64, Int64).self)
        return LogInfo(path: name, events: end.nextOffset, segments: 0, blocks: Int(commits), bytesOnDisk: 0,
                       uncompressedBytes: UInt64(bytes), compressionRatio: 1, firstTimestamp: first.map { Date(microsecondsSince1970: $0) },
                       lastTimestamp: last.map { Date(microsecondsSince1970: $0) }, streams: Int(streams), eventsPerType: perType,
                       chainHead: end.chainHead.hex)
    }

    /// Recomputes the chain over every commit, checks that positions run on without a gap
    /// and that the log's head is the last commit's.
    public func verify(progress: (@Sendable (VerificationProgress) -> Void)?) async throws -> VerificationReport {
        let end = try await self.end()
        var head = LogPosition.start
        var commits = 0
        var bytes: UInt64 = 0
        var problems: [VerificationReport.Problem] = []
        var batches = PostgresBatches(log: self, filter: ReadFilter(), keepingEmpty: true)
        while let batch = try batches.nextBatch() {
            let records = batch.records
            let first = records.first?.offset ?? head.offset
            let gapless = first == head.offset && records.indices.allSatisfy { records[$0].offset == first + UInt64($0) }
            let computed = PostgresChain.next(head.chainHash, batch.storedBytes)
            guard gapless, let stored = batch.end, stored.chainHash == computed else {
                let reason = gapless ? "its chain hash is not the hash of the commit before and its records"
                    : "its positions do not follow the commit before without a gap"
                problems.append(.init(kind: "corruption", damage: Damage(segment: name, position: UInt64(commits), firstOffset: first,
                                                                          endOffset: batch.end?.offset, reason: reason)))
                break
            }
            head = stored
            commits += 1
            bytes += UInt64(batch.storedBytes.count)
        }
        if problems.isEmpty, head.offset != end.nextOffset || head.chainHash != end.chainHead {
            problems.append(.init(kind: "corruption", damage: Damage(segment: name, position: UInt64(commits), firstOffset: head.offset,
                                                                      endOffset: end.nextOffset,
                                                                      reason: "the log's head is not the end of its last commit")))
        }
        return VerificationReport(events: head.offset, segments: 0, blocks: commits, bytesOnDisk: 0, uncompressedBytes: bytes,
                                  chainHead: head.chainHash.hex, problems: problems, notes: [])
    }
}

/// Reads a server log's commits in pages of up to 256 (a keyset page on `end_position`),
/// looking at the server afresh at each page: a read that met the end goes on from there.
struct PostgresBatches: RecordBatchIterator {
    let log: PostgresLog
    let filter: ReadFilter
    /// Whether a commit none of whose records passes the filter is still handed out, empty:
    /// `verify` walks every commit.
    let keepingEmpty: Bool
    /// The end position of the last commit read.
    private var after: UInt64
    private var pending: [RecordBatch] = []

    init(log: PostgresLog, filter: ReadFilter, keepingEmpty: Bool = false) {
        self.log = log
        self.filter = filter
        self.keepingEmpty = keepingEmpty
        after = filter.startOffset
    }

    mutating func nextBatch() throws -> RecordBatch? {
        while true {
            if !pending.isEmpty { return pending.removeFirst() }
            if let stop = filter.endOffset, after >= stop { return nil }
            guard try fetch() else { return nil }
        }
    }

    /// Reads the next page of commits and their events; false at the end of the log.
    private mutating func fetch() throws -> Bool {
        let logID = log.logID
        let commits = try log.runNow("""
            SELECT first_position, end_position, chain FROM antrain_commits
            WHERE log_id = \(logID) AND end_position > \(Int64(clamping: after)) ORDER BY end_position LIMIT 256
            """)
        guard !commits.isEmpty else {
            log.readEnd.withLock { $0 = max($0, after) }
            return false
        }
        var bounds: [(first: UInt64, end: UInt64, chain: ChainHash)] = []
        for row in commits {
            let (first, end, chain) = try row.decode((Int64, Int64, ByteBuffer).self)
            bounds.append((UInt64(first), UInt64(end), ChainHash(bytes: Array(chain.readableBytesView))))
        }
        let low = max(bounds[0].first, filter.startOffset)
        let high = filter.endOffset.map { min($0, bounds[bounds.count - 1].end) } ?? bounds[bounds.count - 1].end
        let rows = try log.runNow("""
            \(unescaped: PostgresEventRows.columns) FROM antrain_events
            WHERE log_id = \(logID) AND position >= \(Int64(clamping: low)) AND position < \(Int64(clamping: high)) ORDER BY position
            """)
        var index = 0
        for commit in bounds {
            if let stop = filter.endOffset, commit.first >= stop { break }
            var builder = RecordBatchBuilder()
            // Rows are in position order; the commit's are those below its end.
            while index < rows.count, try rows[index].first!.decode(Int64.self, context: .default) < Int64(commit.end) {
                try PostgresEventRows.add(rows[index], to: &builder)
                index += 1
            }
            after = commit.end
            let batch = builder.build(end: LogPosition(offset: commit.end, chainHash: commit.chain))
                .narrowed(to: filter, commitEnd: commit.end)
            if !batch.records.isEmpty || keepingEmpty { pending.append(batch) }
        }
        return true
    }
}
