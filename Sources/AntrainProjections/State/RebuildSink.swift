import AntrainEvents
import AntrainLog
import Dispatch
import Foundation
import Synchronization

/// Writes a rebuild's state into the store from a thread of its own, in one transaction that
/// first empties the rebuilt projections' keyspaces: the old state stays readable until the
/// new one commits whole, and a crash before that leaves the old one as it was.
///
/// ```swift
/// let sink = RebuildSink(store: store, rebuilding: [(Training.name, Training.keyspaces)])
/// await sink.send(changes)                      // from the folds, as keys go cold
/// try await sink.finish(positions: positions)   // positions, commit
/// ```
///
/// The folds run on other threads and hand their changes over in order; a fold that needs a
/// key it wrote out earlier asks for it (``load(_:key:)``) and waits. The writer answers it
/// ahead of the changes queued, between two of them: from the last change queued for that key
/// when there is one, else from the transaction, which then holds every change sent for it.
/// (Answered in turn, a load waited behind up to 64 MB of changes: about 5 ms each, a second
/// of a 5M-event rebuild's wall time.)
final class RebuildSink: StateLoader, Sendable {
    private enum Message: Sendable {
        case changes([StateChange], bytes: Int)
        case finish([StoredPosition])
        case abort
    }

    private struct PendingLoad: Sendable {
        var keyspace: StateKeyspace
        var key: [UInt8]
        var reply: LoadReply
    }

    private struct Queue: Sendable {
        var messages: [Message] = []
        /// Loads waiting for an answer: served before the messages.
        var loads: [PendingLoad] = []
        var queuedBytes = 0
        var waitingSenders: [CheckedContinuation<Void, Never>] = []
        var completion: CheckedContinuation<Void, any Error>?
        var outcome: Result<Void, any Error>?
        /// Where the rebuild stops, once the transaction has begun and decided it.
        var stop: UInt64?
        var waitingForStart: [CheckedContinuation<UInt64, any Error>] = []
    }

    private let queue = Locked(Queue())
    /// Whether loads wait, checked by the writer between two changes without taking the lock.
    private let loadsWaiting = Atomic<Bool>(false)
    private let writerTime = Locked<Duration>(.zero)
    private let loadTally = Locked<(count: Int, waited: Duration)>((0, .zero))
    private let changesWritten = Locked(0)
    /// When the writer waited for work, and when its last steps ended: for `ANTRAIN_TRACE`.
    private let timeline = Locked(WriterTimeline())
    private let wake = DispatchSemaphore(value: 0)
    /// Changes queued beyond this wait for the writer to catch up.
    private let queueLimit: Int
    /// How many changes the writer applies between two writes ahead (``KeyedStateWriting/writeAhead()``).
    private static let writeAheadStep = 20_000

    /// Starts the writing thread's transaction: `opening`, when given, runs first inside it and
    /// says where the rebuild stops (``began()`` hands that on), then `rebuilding` is emptied.
    ///
    /// Deciding the stop inside the transaction is what keeps a rebuild of the file in use
    /// from moving a position backward: any position another process stored before this
    /// transaction began was folded to an end read before that, and so at most the one read
    /// here. `opening` may also throw, to give the rebuild up (another process did it).
    init(store: any KeyedStateStore, rebuilding: [(projection: String, keyspaces: [StateKeyspace])], queueLimit: Int = 64 << 20,
         opening: (@Sendable (any KeyedStateWriting) throws -> UInt64)? = nil) {
        self.queueLimit = queueLimit
        let thread = Thread { [self] in
            let outcome = Result<Void, any Error> {
                try store.write { state in
                    let stop = try opening?(state) ?? 0
                    let waiting = queue.withLock { queue in
                        queue.stop = stop
                        defer { queue.waitingForStart.removeAll() }
                        return queue.waitingForStart
                    }
                    for waiter in waiting { waiter.resume(returning: stop) }
                    for part in rebuilding { try state.reset(part.keyspaces, of: part.projection) }
                    try serve(state)
                }
            }
            writerTime.withLock { $0 = ThreadClock.now() }
            timeline.withLock { $0.committed = .now }
            settle(outcome)
        }
        thread.name = "antrain.state.rebuild"
        thread.start()
    }

    /// Where the rebuild stops, once the writing thread's transaction has begun (it waits for
    /// other processes' write transactions); throws what ended the sink before that.
    func began() async throws -> UInt64 {
        try await withCheckedThrowingContinuation { continuation in
            let known = queue.withLock { queue -> Result<UInt64, any Error>? in
                if let stop = queue.stop { return .success(stop) }
                if let outcome = queue.outcome {
                    if case let .failure(error) = outcome { return .failure(error) }
                    return .failure(CancellationError())
                }
                queue.waitingForStart.append(continuation)
                return nil
            }
            if let known { continuation.resume(with: known) }
        }
    }

    /// The processor time of the writing thread, once it ended: for `ANTRAIN_TRACE`.
    var processorTime: Duration { writerTime.withLock { $0 } }

    /// How many changes the writer applied: for `ANTRAIN_TRACE`.
    var written: Int { changesWritten.withLock { $0 } }

    /// How long the writer waited for changes, and when it finished its steps.
    var writerTimeline: WriterTimeline { timeline.withLock { $0 } }

    /// How many loads the folds made, and how long they waited for them: for `ANTRAIN_TRACE`.
    var loads: (count: Int, waited: Duration) { loadTally.withLock { $0 } }

    /// Queues changes to write; waits while too much is queued already.
    func send(_ changes: [StateChange]) async {
        guard !changes.isEmpty else { return }
        let bytes = changes.reduce(0) { $0 + $1.bytes }
        let mustWait = queue.withLock { queue in
            guard queue.outcome == nil else { return false }  // ended: the changes have nowhere to go
            queue.messages.append(.changes(changes, bytes: bytes))
            queue.queuedBytes += bytes
            return queue.queuedBytes > queueLimit && queue.outcome == nil
        }
        wake.signal()
        if mustWait {
            await withCheckedContinuation { continuation in
                let resumeNow = queue.withLock { queue in
                    if queue.queuedBytes <= queueLimit / 2 || queue.outcome != nil { return true }
                    queue.waitingSenders.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// A key written out earlier in this rebuild, as the changes sent so far left it.
    func load(_ keyspace: StateKeyspace, key: [UInt8]) throws -> [UInt8]? {
        let started = ContinuousClock.now
        defer {
            let waited = ContinuousClock.now - started
            loadTally.withLock { $0.count += 1; $0.waited += waited }
        }
        let reply = LoadReply()
        let ended = queue.withLock { queue -> (any Error)? in
            if let outcome = queue.outcome {
                if case let .failure(error) = outcome { return error }
                return CancellationError()
            }
            queue.loads.append(PendingLoad(keyspace: keyspace, key: key, reply: reply))
            loadsWaiting.store(true, ordering: .releasing)
            return nil
        }
        if let ended { throw ended }
        wake.signal()
        return try reply.wait()
    }

    /// Records `positions` and commits; throws what went wrong on the way.
    func finish(positions: [StoredPosition]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let settled = queue.withLock { queue -> Result<Void, any Error>? in
                if let outcome = queue.outcome { return outcome }
                queue.completion = continuation
                queue.messages.append(.finish(positions))
                return nil
            }
            if let settled { continuation.resume(with: settled) } else { wake.signal() }
        }
    }

    /// Rolls the transaction back: the store keeps its old state.
    func abort() {
        queue.withLock { $0.messages.append(.abort) }
        wake.signal()
    }

    // MARK: The writing thread

    private func serve(_ state: any KeyedStateWriting) throws {
        var taken: [Message] = []
        var written = 0
        var writtenAhead = 0
        while true {
            // Nothing queued: the writer would wait, so it writes ahead what it has (in steps
            // of many changes, since a page changed again is written again).
            if written - writtenAhead >= Self.writeAheadStep, queue.withLock({ $0.messages.isEmpty && $0.loads.isEmpty }) {
                try state.writeAhead()
                writtenAhead = written
            }
            taken = next(replacing: consume taken)
            try answerLoads(state, current: [], after: taken[...])
            for index in taken.indices {
                switch taken[index] {
                case .changes(var changes, let bytes):
                    // Taken out of the message and freed one by one as written, while the
                    // value just encoded is still in the cache: freed with the message, a
                    // batch later, every workout's arrays were read back from memory to be
                    // released (a sixth of the writer's time). Reversed, so that each is
                    // taken from the end; `changes` then holds those not yet written, the
                    // next one last.
                    taken[index] = .changes([], bytes: 0)
                    written += changes.count
                    changes.reverse()
                    while !changes.isEmpty {
                        // Before the next change leaves `changes`: a load of its key must find it.
                        if loadsWaiting.load(ordering: .acquiring) {
                            try answerLoads(state, current: changes, after: taken[(index + 1)...])
                        }
                        try changes.removeLast().apply(to: state)
                    }
                    release(bytes)
                case let .finish(positions):
                    changesWritten.withLock { $0 = written }
                    timeline.withLock { $0.changesApplied = .now }
                    for position in positions { try state.setPosition(position) }
                    timeline.withLock { $0.positioned = .now }
                    return
                case .abort:
                    throw CancellationError()
                }
            }
        }
    }

    /// Answers the loads waiting. `current` (the changes of the message being written that are
    /// not yet written, reversed: the next one last), then `unapplied` and the queue, hold the
    /// changes not yet in the transaction: a key's last change among them is its value; a key
    /// with none there has its value in the transaction.
    private func answerLoads(_ state: any KeyedStateWriting, current: [StateChange], after unapplied: ArraySlice<Message>) throws {
        let (loads, found) = queue.withLock { queue -> ([PendingLoad], [StateChange?]) in
            let loads = queue.loads
            queue.loads.removeAll()
            loadsWaiting.store(false, ordering: .releasing)
            let found = loads.map { load in
                Self.lastChange(of: load, in: queue.messages[...]) ?? Self.lastChange(of: load, in: unapplied)
                    ?? current.first { $0.touches(load.keyspace, load.key) }
            }
            return (loads, found)
        }
        for (load, change) in zip(loads, found) {
            let answer = Result<[UInt8]?, any Error> {
                switch change {
                case let .put(_, _, value, _): return value
                case let .putValue(_, _, value, _): return value.encoded
                case .delete: return nil
                case nil: return try state.value(in: load.keyspace, key: load.key)
                }
            }
            load.reply.answer(answer)
            if case let .failure(error) = answer { throw error }
        }
    }

    /// The last change for `load`'s key among `messages`.
    private static func lastChange(of load: PendingLoad, in messages: ArraySlice<Message>) -> StateChange? {
        for index in messages.indices.reversed() {
            guard case let .changes(changes, _) = messages[index] else { continue }
            if let change = changes.last(where: { $0.touches(load.keyspace, load.key) }) { return change }
        }
        return nil
    }

    /// Every message queued, once there is one or a load waits; `done`, the messages handled
    /// last, is emptied here (outside the lock, since freeing their changes takes a while) and
    /// becomes the queue.
    private func next(replacing done: consuming [Message]) -> [Message] {
        var spare = done
        spare.removeAll(keepingCapacity: true)
        while true {
            let waitStart = ContinuousClock.now
            wake.wait()
            let waited = ContinuousClock.now - waitStart
            timeline.withLock { $0.idle += waited }
            let taken = queue.withLock { queue -> [Message]? in
                guard !queue.messages.isEmpty || !queue.loads.isEmpty else { return nil }
                swap(&queue.messages, &spare)
                return spare
            }
            if let taken { return taken }
        }
    }

    private func release(_ bytes: Int) {
        let resumed = queue.withLock { queue -> [CheckedContinuation<Void, Never>] in
            queue.queuedBytes -= bytes
            guard queue.queuedBytes <= queueLimit / 2 else { return [] }
            defer { queue.waitingSenders.removeAll() }
            return queue.waitingSenders
        }
        for sender in resumed { sender.resume() }
    }

    /// Ends the sink: answers the completion, the waiting senders and the loads still queued.
    /// Later sends are dropped and later loads fail at once (see ``load(_:key:)``), so the
    /// thread ends here.
    private func settle(_ outcome: Result<Void, any Error>) {
        let (completion, senders, pending, starting) = queue.withLock { queue in
            queue.outcome = outcome
            defer {
                queue.completion = nil
                queue.waitingSenders.removeAll()
                queue.messages.removeAll()
                queue.queuedBytes = 0
                queue.loads.removeAll()
                queue.waitingForStart.removeAll()
            }
            return (queue.completion, queue.waitingSenders, queue.loads, queue.waitingForStart)
        }
        for sender in senders { sender.resume() }
        let failure: any Error
        if case let .failure(error) = outcome { failure = error } else { failure = CancellationError() }
        for load in pending { load.reply.answer(.failure(failure)) }
        for waiter in starting { waiter.resume(throwing: failure) }
        completion?.resume(with: outcome)
    }
}

/// When a rebuild's writer was idle, and when it finished its last steps: for `ANTRAIN_TRACE`.
struct WriterTimeline: Sendable {
    var idle: Duration = .zero
    var changesApplied: ContinuousClock.Instant?
    var positioned: ContinuousClock.Instant?
    var committed: ContinuousClock.Instant?
}

/// The answer to one ``RebuildSink/load(_:key:)``, handed from the writing thread to the fold.
private final class LoadReply: Sendable {
    private let result = Locked<Result<[UInt8]?, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func answer(_ answer: Result<[UInt8]?, any Error>) {
        result.withLock { $0 = answer }
        done.signal()
    }

    func wait() throws -> [UInt8]? {
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
