import AntrainEvents

/// One model of a parallel rebuild, on an actor of its own: it applies batches in order at
/// its own pace, and hands the keys that went cold to the sink as it goes, so that writing
/// overlaps folding and the working set stays bounded.
actor FoldLane {
    private let host: any FoldHosting
    private let sink: RebuildSink
    private let policy: EvictionPolicy
    private var failure: (any Error)?
    /// Time spent applying batches, for `ANTRAIN_TRACE`.
    private(set) var busy: Duration = .zero
    /// Processor time spent applying batches, for `ANTRAIN_TRACE`.
    private(set) var processorTime: Duration = .zero
    nonisolated let name: String

    /// A lane folding a new `model` from the start of the log, loading what it wrote out
    /// from `sink`.
    init(_ model: any KeyedReadModel.Type, sink: RebuildSink, policy: EvictionPolicy, events: EventLookup) {
        name = model.name
        host = model.makeHost(context: FoldContext(loader: sink, storeHoldsUnseenKeys: false, events: events, defersEncoding: true), position: .start)
        self.sink = sink
        self.policy = policy
    }

    /// Applies a batch; after a failure, does nothing (``finish()`` reports it).
    func apply(_ batch: EventBatch) async {
        guard failure == nil else { return }
        let started = ContinuousClock.now
        let processorStart = ThreadClock.now()
        defer {
            busy += ContinuousClock.now - started
            processorTime += ThreadClock.now() - processorStart
        }
        do {
            try host.apply(batch)
            if let cold = policy.coldBefore(batch: host.batch, resident: host.residentBytes) {
                await sink.send(host.takeChanges(evictingColdBefore: cold))
            }
        } catch {
            failure = error
        }
    }

    /// Sends the remaining changes; the position the model reached.
    ///
    /// They are encoded here, a piece at a time, so that the writer writes one piece while
    /// this lane encodes the next: left to the writer, the last lane's changes were encoded
    /// and written one after the other after every fold had ended.
    func finish() async throws -> StoredPosition {
        if let failure { throw failure }
        var changes = host.takeChanges(evictingColdBefore: nil)
        changes.reverse()
        var piece: [StateChange] = []
        piece.reserveCapacity(Self.finalPiece)
        while !changes.isEmpty {
            piece.append(changes.removeLast().encoded())
            if piece.count == Self.finalPiece || changes.isEmpty {
                await sink.send(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        return StoredPosition(projection: host.name, version: host.version, position: host.position)
    }

    /// How many changes a lane's last hand-over sends at a time.
    private static let finalPiece = 512
}

/// When a rebuild's folds write keys out and drop them from memory.
struct EvictionPolicy: Sendable {
    /// Every this many batches, keys untouched for ``coldAfter`` batches are written out:
    /// a finished workout or a past day is written while later ones are folded.
    var period: UInt32 = 16
    /// How many batches a key stays after its last touch. At 16, the 5M log's rebuild read
    /// 184 keys back and its training fold waited 0.08 s for them; at 24, 63 keys and 0.02 to
    /// 0.05 s, for 5 to 8 MB more (at 48: 7 keys, but 50 MB more and slower eviction scans).
    var coldAfter: UInt32 = 24
    /// Above this resident size, a model writes out its cold keys after every batch.
    var memoryBudget = 192 << 20

    /// The batch before which keys count as cold, when it is time to write them out.
    func coldBefore(batch: UInt32, resident: Int) -> UInt32? {
        guard batch > coldAfter else { return nil }
        guard batch % period == 0 || resident > memoryBudget else { return nil }
        return batch - coldAfter
    }
}
