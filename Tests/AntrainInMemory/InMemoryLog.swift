import AntrainLog
import Crypto
import Foundation

/// A log kept in memory, written only against the public protocols (``LogReader``,
/// ``LogWriter``): the second storage that proves the seams, and a log for tests that need
/// no directory.
///
/// ```swift
/// let log = InMemoryLog()
/// try await log.append([event], to: "workout-42", expectedVersion: .noStream)
/// for try await record in log.records(inStream: "workout-42") { print(record.offset) }
/// ```
///
/// Each append is one commit: its records in the log's record layout (``RecordBatchBuilder``)
/// and a chain hash of its own scheme, SHA-256 over the previous commit's hash and the
/// commit's record bytes, so that a position stored earlier is tied to this one log as on
/// disk. It keeps every promise of ``LogWriter``: atomic appends, expected versions, retries
/// by event id, ``RecordLimits``. Nothing survives the process.
public final class InMemoryLog: LogWriter, Sendable {
    /// One append's records, and the position after them.
    struct Commit: Sendable {
        let firstOffset: UInt64
        let batch: RecordBatch
        let bytes: [UInt8]
        var end: LogPosition { batch.end! }
    }

    struct State: Sendable {
        var commits: [Commit] = []
        var head = LogPosition.start
        /// Each stream's last version.
        var streams: [String: UInt64] = [:]
        /// Each stored event id's offset.
        var ids: [UUID: UInt64] = [:]
        /// Set by ``close()``: appends are refused after it.
        var closed = false
    }

    let state = Locked(State())
    /// A name for messages, in place of a directory's path.
    public let name: String

    /// An empty log called `name` in messages.
    public init(name: String = "memory") {
        self.name = name
    }

    /// Appends `events` to `stream` as one commit, if the stream is at `expectedVersion`.
    @discardableResult
    public func append(_ events: [ProposedEvent], to stream: String, expectedVersion: ExpectedVersion) async throws -> AppendResult {
        try RecordLimits.check(events, stream: stream)
        let now = Date().microsecondsSince1970
        return try state.withLock { (state: inout State) throws -> AppendResult in
            guard !state.closed else { throw LogError.readOnly(path: name) }
            let current = state.streams[stream]
            do {
                // A copy that ends with this scope: held past it, the append's changes below
                // would copy every commit.
                let known = state
                if let retry = try AppendRules.retry(events, stream: stream, storedOffset: { known.ids[$0] },
                                                     record: { Self.record(at: $0, in: known) }) {
                    return retry
                }
            }
            try AppendRules.check(expectedVersion, of: stream, current: current)
            var builder = RecordBatchBuilder()
            var version = current.map { $0 + 1 } ?? 0
            var offsets: [UInt64] = []
            for (index, event) in events.enumerated() {
                let offset = state.head.offset + UInt64(index)
                builder.add(event, offset: offset, recordedAtMicroseconds: event.recordedAt?.microsecondsSince1970 ?? now,
                            streamID: stream, streamVersion: version)
                offsets.append(offset)
                version += 1
            }
            let bytes = builder.build(end: nil).storedBytes
            let end = LogPosition(offset: state.head.offset + UInt64(events.count),
                                  chainHash: Self.chain(state.head.chainHash, bytes))
            state.commits.append(Commit(firstOffset: state.head.offset, batch: builder.build(end: end), bytes: bytes))
            state.head = end
            state.streams[stream] = version - 1
            for (event, offset) in zip(events, offsets) { state.ids[event.id] = offset }
            return AppendResult(offsets: offsets, streamVersion: version - 1, wasAlreadyStored: false)
        }
    }

    /// The version of `stream`'s last event: nil when the stream has no events.
    public func streamVersion(of stream: String) async throws -> UInt64? {
        try state.withLock { state in
            guard !state.closed else { throw LogError.readOnly(path: name) }
            return state.streams[stream]
        }
    }

    /// Nothing is ever damaged in memory: reports that there was nothing to repair.
    public func repair() async throws -> RepairReport {
        let head = state.withLock { $0.head }
        return RepairReport(damage: nil, quarantined: [], bytesMoved: 0, previousEndOffset: head.offset,
                            endOffset: head.offset, chainHead: head.chainHash.hex)
    }

    /// Refuses appends from now on; what was appended stays readable.
    public func close() async throws {
        state.withLock { $0.closed = true }
    }

    /// The record at `offset`, found by a binary search of the commits.
    static func record(at offset: UInt64, in state: State) -> LogRecord? {
        guard let index = commitIndex(holding: offset, in: state.commits) else { return nil }
        let commit = state.commits[index]
        return commit.batch.records[Int(offset - commit.firstOffset)]
    }

    /// The index of the commit holding `offset`, nil past the end.
    static func commitIndex(holding offset: UInt64, in commits: [Commit]) -> Int? {
        var low = 0
        var high = commits.count
        while low < high {
            let middle = (low + high) / 2
            if commits[middle].end.offset <= offset { low = middle + 1 } else { high = middle }
        }
        return low < commits.count ? low : nil
    }

    /// This storage's chain: SHA-256 over the previous hash and the commit's record bytes.
    static func chain(_ previous: ChainHash, _ bytes: [UInt8]) -> ChainHash {
        var hasher = SHA256()
        hasher.update(data: previous.bytes)
        hasher.update(data: bytes)
        return ChainHash(bytes: Array(hasher.finalize()))
    }
}
