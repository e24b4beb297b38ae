import Foundation

/// Decides, append by append within one group commit, what is stored: checks event ids for
/// retries and duplicates and the stream's expected version, then lays out the records.
///
/// It changes the writer state in place (each event id is looked up once or twice, never
/// copied into a staging table) and keeps an undo log, so that a block that fails to be
/// written leaves the state exactly as it was.
struct Admission {
    enum Outcome {
        /// Every event was already stored with the same content: a safe retry.
        case stored(AppendResult)
        /// The events were added to the block.
        case append(AppendResult)
    }

    private var nextOffset: UInt64
    private let committedEnd: UInt64
    private let reader: (UInt64) throws -> LogRecord?
    /// How many ids were added to the state, newest last.
    private var addedIDs = 0
    /// Each stream's entry before an append changed it, in the order of the changes.
    private var replacedStreams: [(stream: String, entry: WriterState.StreamEntry?)] = []

    init(nextOffset: UInt64, reader: @escaping (UInt64) throws -> LogRecord?) {
        self.nextOffset = nextOffset
        committedEnd = nextOffset
        self.reader = reader
    }

    mutating func admit(_ request: PendingAppend, state: inout WriterState, now: Int64,
                        into encoder: inout BlockEncoder) throws -> Outcome {
        let current = try state.version(of: request.stream)
        if let retry = try retryResult(request, state: &state, current: current) { return .stored(retry) }
        switch request.expected {
        case .any: break
        case .noStream where current == nil: break
        case let .exact(version) where current == version: break
        default: throw LogError.wrongExpectedVersion(stream: request.stream, expected: request.expected, actual: current)
        }
        let streamBytes = Array(request.stream.utf8)
        let streamMask = Bloom64.mask(for: request.stream)
        var version = current.map { $0 + 1 } ?? 0
        var offsets: [UInt64] = []
        offsets.reserveCapacity(request.events.count)
        var lastType = ""
        var typeBytes: [UInt8] = []
        var typeMask: UInt64 = 0
        for event in request.events {
            if event.type != lastType {
                lastType = event.type
                typeBytes = Array(event.type.utf8)
                typeMask = Bloom64.mask(for: event.type)
            }
            let recordedAt = event.recordedAt?.microsecondsSince1970 ?? now
            encoder.add(offset: nextOffset, recordedAt: recordedAt, streamVersion: version, streamID: streamBytes,
                        streamMask: streamMask, event: event, eventType: typeBytes, typeMask: typeMask)
            state.add(event.id, offset: nextOffset)
            addedIDs += 1
            offsets.append(nextOffset)
            nextOffset += 1
            version += 1
        }
        replacedStreams.append((request.stream, state.streamEntry(request.stream)))
        state.setVersion(version - 1, of: request.stream)
        return .append(AppendResult(offsets: offsets, streamVersion: version - 1, wasAlreadyStored: false))
    }

    /// Takes back everything admitted, after the block could not be written.
    func undo(_ state: inout WriterState) {
        for _ in 0..<addedIDs { state.removeNewestID() }
        for (stream, entry) in replacedStreams.reversed() { state.restore(entry, of: stream) }
    }

    /// The original result when every event is already stored with the same content; nil when
    /// none is stored; an error when only some are, or one differs.
    /// Ids are checked only among the log's last W events (see ``LogOptions/idempotencyWindow``).
    private func retryResult(_ request: PendingAppend, state: inout WriterState, current: UInt64?) throws -> AppendResult? {
        var firstStored: (index: Int, offset: UInt64)?
        for (index, event) in request.events.enumerated() {
            if let offset = try state.storedOffset(of: event.id) {
                firstStored = (index, offset)
                break
            }
        }
        guard let firstStored else { return nil }
        // Events before the first stored one are not stored: a partial retry.
        let duplicate = LogError.duplicateEventID(request.events[firstStored.index].id, existingOffset: firstStored.offset)
        guard firstStored.index == 0 else { throw duplicate }
        var offsets: [UInt64] = []
        for (index, event) in request.events.enumerated() {
            guard let offset = index == 0 ? firstStored.offset : try state.storedOffset(of: event.id) else { throw duplicate }
            guard offset < committedEnd, let record = try reader(offset), event.isStored(in: record, stream: request.stream) else {
                throw LogError.duplicateEventID(event.id, existingOffset: offset)
            }
            offsets.append(offset)
        }
        let version = try reader(offsets[offsets.count - 1])?.streamVersion ?? current ?? 0
        return AppendResult(offsets: offsets, streamVersion: version, wasAlreadyStored: true)
    }
}
