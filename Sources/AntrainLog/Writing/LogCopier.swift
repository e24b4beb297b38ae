import Foundation

/// Copies one log into another, whatever stores each: every record keeps its offset, id,
/// stream, stream version, recorded-at time, ids of correlation and causation, and payload,
/// so that both logs export the same and a stored position's offset means the same event.
///
/// ```swift
/// let source = try await EventLog.openReadOnly(at: "athlete-42")
/// let target = try await PostgresLog.open(server, log: "athlete-42", create: true)
/// let report = try await LogCopier.copy(from: source, to: target)
/// print(report.copiedEvents, report.end)
/// ```
///
/// The copy takes the source as it ends when the copy starts. It goes into an empty log, or
/// into one that an earlier copy of the same source left (interrupted, or before the source
/// grew): it then goes on after the target's last record, once that record and the first
/// are found equal to the source's at the same offsets and the target ends where a source
/// commit ends. A target that is a ``CommitCopying`` storage takes whole commits, many per
/// transaction; any other takes the records as appends with exact expected versions, many
/// per call (one group commit in a directory log).
public enum LogCopier {
    /// Copies `source` into `target` (see ``LogCopier``), `chunkEvents` at a time, calling
    /// `progress` with the offsets copied so far and the source's end after each chunk.
    ///
    /// - Throws: ``LogCopyError`` when the target holds anything but a start of the source,
    ///   or moved while copying; the logs' own errors otherwise. What was copied before a
    ///   failure stays, and a later copy goes on from it.
    public static func copy(from source: some LogReader, to target: some LogWriter, chunkEvents: Int = 16_384,
                            progress: (@Sendable (_ copied: UInt64, _ total: UInt64) -> Void)? = nil) async throws -> LogCopyReport {
        let sourceEnd = try await source.end()
        let start = try await target.end().nextOffset
        try await checkResumable(source: source, sourceEnd: sourceEnd.nextOffset, target: target, targetEnd: start)
        var chunks = ChunkReader(batches: source.makeBatchIterator(ReadFilter(startOffset: start, endOffset: sourceEnd.nextOffset)),
                                 chunkEvents: chunkEvents)
        let report: (copied: UInt64, commits: Int)
        if let copying = target as? any CommitCopying {
            report = try await overlapped(&chunks, into: copying, from: start, total: sourceEnd.nextOffset, progress: progress)
        } else {
            var copied = start
            var commits = 0
            while let chunk = try chunks.next() {
                copied = try await appendRecords(chunk, to: target, at: copied)
                commits += chunk.count
                progress?(copied, sourceEnd.nextOffset)
            }
            report = (copied, commits)
        }
        let (copied, commits) = report
        let targetEnd = try await target.end()
        return LogCopyReport(alreadyThere: start, copiedEvents: copied - start, copiedCommits: commits,
                             end: LogPosition(offset: sourceEnd.nextOffset, chainHash: sourceEnd.chainHead),
                             targetEnd: LogPosition(offset: targetEnd.nextOffset, chainHash: targetEnd.chainHead))
    }

    /// Copies into a storage that takes whole commits, reading and laying out each chunk
    /// while the storage writes the one before (one write in flight, in order).
    private static func overlapped<Target: CommitCopying>(_ chunks: inout ChunkReader, into target: Target, from start: UInt64,
                                                          total: UInt64,
                                                          progress: (@Sendable (UInt64, UInt64) -> Void)?) async throws -> (UInt64, Int) {
        var copied = start
        var commits = 0
        var writing: (task: Task<Void, any Error>, end: UInt64, commits: Int)?
        while let chunk = try chunks.next() {
            let prepared = try target.prepareCopy(chunk)
            let end = (chunk.last?.end?.offset) ?? copied
            if let (task, doneEnd, doneCommits) = writing {
                try await task.value
                (copied, commits) = (doneEnd, commits + doneCommits)
                progress?(copied, total)
            }
            writing = (Task { try await target.appendCopied(prepared) }, end, chunk.count)
        }
        if let (task, doneEnd, doneCommits) = writing {
            try await task.value
            (copied, commits) = (doneEnd, commits + doneCommits)
            progress?(copied, total)
        }
        return (copied, commits)
    }

    /// Writes one chunk of whole commits as appends with exact expected versions; they
    /// start at `start`. Returns the offset after them.
    private static func appendRecords(_ chunk: [RecordBatch], to target: some LogWriter, at start: UInt64) async throws -> UInt64 {
        let end = start + UInt64(chunk.reduce(0) { $0 + $1.records.count })
        var requests: [AppendRequest] = []
        var firstOffsets: [UInt64] = []
        for batch in chunk {
            for run in streamRuns(batch.records) {
                let first = run[run.startIndex]
                let events = run.map { record in
                    ProposedEvent(id: record.eventID, type: record.eventType, schemaVersion: record.schemaVersion,
                                  payload: record.payload, recordedAt: record.recordedAt,
                                  correlationID: record.correlationID, causationID: record.causationID)
                }
                let expected: ExpectedVersion = first.streamVersion == 0 ? .noStream : .exact(first.streamVersion - 1)
                requests.append(AppendRequest(events, to: first.streamID, expectedVersion: expected))
                firstOffsets.append(first.offset)
            }
        }
        for (outcome, offset) in zip(await target.append(requests), firstOffsets) {
            let result = try outcome.get()
            guard result.offsets.first == offset, !result.wasAlreadyStored else {
                throw LogCopyError.offsetsDiffer(source: offset, target: result.offsets.first ?? 0)
            }
        }
        return end
    }

    /// The records of a commit in runs of one stream: an append goes to one stream, and a
    /// directory log's block may hold several appends.
    static func streamRuns(_ records: RecordBatch.Records) -> [ArraySlice<LogRecord>] {
        let all = Array(records)
        var runs: [ArraySlice<LogRecord>] = []
        var runStart = 0
        for index in all.indices.dropFirst() where all[index].streamID != all[index - 1].streamID {
            runs.append(all[runStart..<index])
            runStart = index
        }
        if !all.isEmpty { runs.append(all[runStart...]) }
        return runs
    }

    /// Whether a target that is not empty holds the start of the source: it ends where a
    /// source commit ends, and its first and last records equal the source's.
    private static func checkResumable(source: some LogReader, sourceEnd: UInt64, target: some LogReader, targetEnd: UInt64) async throws {
        guard targetEnd > 0 else { return }
        guard targetEnd <= sourceEnd else {
            throw LogCopyError.targetDiffers(targetEnd: targetEnd, reason: "it holds more events than this log's \(sourceEnd)")
        }
        guard try source.position(endingAt: targetEnd) != nil else {
            throw LogCopyError.targetDiffers(targetEnd: targetEnd, reason: "its end falls inside one of this log's commits")
        }
        for offset in Set([0, targetEnd - 1]).sorted() {
            let mine = try record(at: offset, of: source)
            let theirs = try record(at: offset, of: target)
            guard let mine, let theirs, sameRecord(mine, theirs) else {
                throw LogCopyError.targetDiffers(targetEnd: targetEnd, reason: "the event at offset \(offset) differs")
            }
        }
    }

    private static func record(at offset: UInt64, of log: some LogReader) throws -> LogRecord? {
        var batches = log.makeBatchIterator(ReadFilter(startOffset: offset, endOffset: offset + 1))
        while let batch = try batches.nextBatch() {
            if let record = batch.records.first(where: { $0.offset == offset }) { return record }
        }
        return nil
    }

    private static func sameRecord(_ one: LogRecord, _ other: LogRecord) -> Bool {
        one.eventID == other.eventID && one.streamID == other.streamID && one.streamVersion == other.streamVersion
            && one.eventType == other.eventType && one.schemaVersion == other.schemaVersion
            && one.recordedAtMicroseconds == other.recordedAtMicroseconds && one.payload == other.payload
    }
}
