#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// An append waiting for the next group commit.
struct PendingAppend {
    let events: [ProposedEvent]
    let stream: String
    let expected: ExpectedVersion
    let continuation: AppendCompletion

    var payloadBytes: Int { events.reduce(0) { $0 + $1.payload.count + 128 } }
}

/// The one writer of a log: owns the active segment and appends blocks to it.
///
/// Appends from concurrent callers queue up while a block is being written and fsynced;
/// the next commit takes all of them, checks each against the streams as the ones before
/// it left them, and writes the accepted ones as one block with one fsync (group commit).
/// The fsync of an append runs on the actor's own thread; appends arriving meanwhile queue as
/// actor jobs and join the next group. (The periodic fsync of `.interval` runs on a thread
/// of its own, so that it never delays an append.)
actor DirectoryWriter {
    let directory: LogDirectory
    let options: LogOptions
    var lock: DirectoryLock?
    let cache: SealedIndexCache
    nonisolated let latch: DamageLatch
    let signal: CommitSignal
    let syncQueue = DispatchQueue(label: "antrain.log.fsync")
    let lz4: LZ4FrameEncoder

    var segmentBase: UInt64
    var segment: LogFile
    var segmentSize: UInt64
    var index: LogFile
    var indexEntries: Int
    var indexBroken = false
    /// Index entries not yet written: the index is written every few blocks, not every block.
    var unwrittenIndexEntries: [IndexEntry] = []
    /// When `damage.json` was last looked for (another process's verify may write it).
    var damageCheckedAt = ContinuousClock.now - .seconds(10)
    var nextOffset: UInt64
    var chainHead: ChainHash
    var damage: Damage?
    var failure: String?
    var closed = false
    /// Stream versions and recent event ids, loaded on the first append (see WriterState).
    var state: WriterState?
    /// When the state was last saved (or loaded), and how long that save took: it is saved
    /// at most once a second (see `saveStateIfDue`).
    var stateSavedAt = ContinuousClock.now
    var stateSaveDuration = Duration.zero
    /// Why the state file must be dropped at the next load (a query of it failed), if it must.
    var stateDiscardReason: String?
    var pending: [PendingAppend] = []
    var flushing = false
    var drainWaiters: [CheckedContinuation<Void, Never>] = []
    var unsynced = false
    var syncTask: Task<Void, Never>?
    /// What opening cut from a torn tail, if anything.
    let openingCut: TailCut?

    init(directory: LogDirectory, options: LogOptions, cache: SealedIndexCache, signal: CommitSignal) throws(LogError) {
        if !directory.exists { try directory.create() }
        try directory.checkHoldsALogOrNothing(lockHeld: false)
        // A write past RLIMIT_FSIZE raises SIGXFSZ, whose default action kills the process;
        // ignored, the write fails with EFBIG and the append reports it like a full disk.
        ignoreFileSizeSignal()
        lock = try DirectoryLock(directory: directory)
        self.directory = directory
        self.options = options
        self.cache = cache
        latch = DamageLatch(directory: directory)
        self.signal = signal
        lz4 = LZ4FrameEncoder(compressionLevel: options.compressionLevel)
        let tail = try TailRecovery.recover(directory, cache: cache)
        segmentBase = tail.segmentBase
        segmentSize = tail.segmentSize
        indexEntries = tail.indexEntries
        nextOffset = tail.nextOffset
        chainHead = tail.chainHead
        damage = tail.damage
        openingCut = tail.cut
        segment = try LogFile(path: directory.segmentPath(tail.segmentBase), writable: true)
        index = try LogFile(path: directory.indexPath(tail.segmentBase), writable: true, create: true)
        indexBroken = !tail.indexCurrent
        if let damage = tail.damage { try DamageMarker.write(damage, directory) }
    }

    /// Starts the background fsync of ``Durability/interval(milliseconds:)``.
    func start() {
        guard case let .interval(milliseconds) = options.durability else { return }
        syncTask = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(max(1, milliseconds)))
                await self?.syncIfNeeded()
            }
        }
    }

    /// Offset after the last committed record, and the hash of the last block.
    func tail() -> (nextOffset: UInt64, chainHead: ChainHash) { (nextOffset, chainHead) }

    /// Queues an append for the next group commit and waits for its outcome.
    func append(_ events: [ProposedEvent], to stream: String, expected: ExpectedVersion) async throws -> AppendResult {
        try RecordLimits.check(events, stream: stream)
        guard !closed else { throw LogError.readOnly(path: directory.path.string) }
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(PendingAppend(events: events, stream: stream, expected: expected, continuation: .single(continuation)))
            startFlushing()
        }
    }

    /// Queues every request, in order and together, for the next group commits, and waits
    /// for each one's outcome: the requests share blocks (as many as their size needs) and
    /// no other caller's append comes between them.
    func append(_ requests: [AppendRequest]) async -> [Result<AppendResult, any Error>] {
        guard !requests.isEmpty else { return [] }
        return await withCheckedContinuation { continuation in
            let outcomes = AppendOutcomes(count: requests.count, continuation: continuation)
            for (index, request) in requests.enumerated() {
                do {
                    try RecordLimits.check(request.events, stream: request.stream)
                    guard !closed else { throw LogError.readOnly(path: directory.path.string) }
                    pending.append(PendingAppend(events: request.events, stream: request.stream, expected: request.expectedVersion,
                                                 continuation: .batch(outcomes, index)))
                } catch {
                    outcomes.finish(index, .failure(error))
                }
            }
            if !pending.isEmpty { startFlushing() }
        }
    }

    private func startFlushing() {
        guard !flushing else { return }
        flushing = true
        Task { await self.flushLoop() }
    }

    private func flushLoop() async {
        while !pending.isEmpty {
            var size = 0
            var count = 0
            for request in pending {
                if count > 0 && size + request.payloadBytes > options.maxGroupBytes { break }
                size += request.payloadBytes
                count += 1
            }
            let group = Array(pending.prefix(count))
            pending.removeFirst(count)
            await commit(group)
            // Let the callers just woken queue their next appends before the next group is
            // taken; otherwise concurrent appenders split into two alternating half-groups
            // and each fsync serves only half of them. A lone appender never waits here.
            // The wait is bounded well below one fsync, so it costs a group less than it gains.
            let target = group.count + pending.count
            let deadline = ContinuousClock.now + .microseconds(200)
            while target > 1, pending.count < target, ContinuousClock.now < deadline {
                await Task.yield()
            }
        }
        flushing = false
        let waiters = drainWaiters
        drainWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Writes one group as one block, or fails every request of it with the same error.
    private func commit(_ group: [PendingAppend]) async {
        do {
            try checkWritable()
            if state == nil { state = try loadState() }
        } catch {
            return group.forEach { $0.continuation.resume(throwing: error) }
        }
        defer { dropStateIfFailed() }
        // Move the state out of the actor so that admission changes it in place, uncopied.
        var state = self.state.take()!
        state.prepare(forIDs: group.reduce(0) { $0 + $1.events.count })
        let (encoder, accepted, admission) = admit(group, state: &state)
        self.state = state
        guard !encoder.isEmpty else { return }
        do {
            let (bytes, header) = try write(encoder)
            if options.durability == .everyAppend {
                try syncNow()
            } else {
                unsynced = true
            }
            segmentSize += UInt64(bytes.count)
            nextOffset = header.endOffset
            chainHead = header.blockHash
            appendIndexEntry(IndexEntry(header: header, position: segmentSize - UInt64(bytes.count)))
        } catch {
            if case .writerFailed = error { failure = error.description }
            admission.undo(&self.state!)
            return accepted.forEach { $0.0.continuation.resume(throwing: error) }
        }
        self.state!.committed(StatePosition(offset: nextOffset, chainHash: chainHead))
        signal.signal()
        for (request, result) in accepted { request.continuation.resume(returning: result) }
        saveStateIfDue()
    }

    /// Checks each append of a group against the streams as the ones before it left them,
    /// answers the refused and the retried, and lays out the accepted ones' records.
    private func admit(_ group: [PendingAppend], state: inout WriterState) -> (BlockEncoder, [(PendingAppend, AppendResult)], Admission) {
        var admission = Admission(nextOffset: nextOffset, reader: { [self] offset in try self.record(at: offset) })
        var encoder = BlockEncoder(lz4: lz4)
        var accepted: [(PendingAppend, AppendResult)] = []
        let now = Date().microsecondsSince1970
        for request in group {
            do {
                switch try admission.admit(request, state: &state, now: now, into: &encoder) {
                case let .stored(result): request.continuation.resume(returning: result)
                case let .append(result): accepted.append((request, result))
                }
            } catch {
                request.continuation.resume(throwing: error)
            }
        }
        return (encoder, accepted, admission)
    }

    /// Encodes and writes a block at the end of the active segment, rolling first when full.
    /// A failed write is cut back, so no partial block stays in the file.
    private func write(_ encoder: BlockEncoder) throws(LogError) -> ([UInt8], BlockHeader) {
        let encoded: (bytes: [UInt8], header: BlockHeader)
        do {
            encoded = try encoder.finish(previousHash: chainHead)
        } catch {
            throw .io(operation: "LZ4 compression (\(error))", path: segment.path.string, errno: .ioError)
        }
        if segmentSize > 0 && segmentSize + UInt64(encoded.bytes.count) > options.segmentSize { try roll() }
        do {
            try encoded.bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(LogError) in try segment.write(raw, at: segmentSize) }
        } catch {
            try? segment.truncate(to: segmentSize)
            throw error
        }
        return encoded
    }
}

/// Ignores SIGXFSZ for the whole process (outside ``DirectoryWriter``, whose `signal` property
/// would hide the C function).
private func ignoreFileSizeSignal() {
    signal(SIGXFSZ, SIG_IGN)
}
