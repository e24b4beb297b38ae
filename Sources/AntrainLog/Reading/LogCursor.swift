/// Reads a log's blocks in offset order across segments, synchronously.
///
/// It stops at the last complete block: a block that is cut short or does not check out at
/// the very end of the last segment is a write in progress (or a torn write awaiting
/// recovery), so `next()` returns nil and a later call tries again from the same place. The
/// same fault with a valid block after it, or anywhere in a sealed segment, is damage and
/// throws ``LogError/damaged(_:)`` with its location.
final class LogCursor {
    let directory: LogDirectory
    let filter: ReadFilter
    private let cache: SealedIndexCache
    private var bases: [UInt64]
    private var segment = 0
    private var reader: SegmentReader?
    private var entries: [IndexEntry] = []
    private var entryIndex = 0
    /// Position of the next block in the current segment.
    private(set) var position: UInt64 = 0
    /// Offset of the next block's first record.
    private(set) var expectedOffset: UInt64 = 0

    init(directory: LogDirectory, filter: ReadFilter, cache: SealedIndexCache) throws(LogError) {
        self.directory = directory
        self.filter = filter
        self.cache = cache
        bases = try directory.segmentBases()
        guard !bases.isEmpty else { return }
        segment = bases.lastIndex(where: { $0 <= filter.startOffset }) ?? 0
        try open(segment: segment)
        if let seek = entries.lastIndex(where: { $0.firstOffset <= filter.startOffset }) {
            entryIndex = seek
            position = entries[seek].position
            expectedOffset = entries[seek].firstOffset
        }
    }

    /// Name of the segment file being read.
    var segmentName: String { reader?.name ?? "" }

    private var isLastSegment: Bool { segment == bases.count - 1 }
    /// The position of a block read a second time after an incomplete first read.
    private var retriedPosition: UInt64?

    private func open(segment index: Int) throws(LogError) {
        segment = index
        let base = bases[index]
        let reader = try SegmentReader(directory: directory, base: base)
        self.reader = reader
        entries = isLastSegment ? cache.activeEntries(directory, base: base)
                                : try cache.entries(for: reader, directory: directory)
        entryIndex = 0
        position = 0
        expectedOffset = base
    }

    /// The next block with records that may pass the filter, or nil at the end of what is complete.
    func next() throws(LogError) -> LogBlock? {
        if reader == nil {
            bases = try directory.segmentBases()
            if !bases.isEmpty { try open(segment: 0) }
        }
        while let reader {
            if let end = filter.endOffset, expectedOffset >= end { return nil }
            if entryIndex < entries.count, entries[entryIndex].position == position, !filter.mayMatch(entries[entryIndex]) {
                position += UInt64(entries[entryIndex].blockLength)
                expectedOffset = entries[entryIndex].endOffset
                entryIndex += 1
                continue
            }
            if !(try reader.hasBytes(at: position)) {
                guard try advanceSegment() else { return nil }
                continue
            }
            let header: BlockHeader
            switch try reader.decodedHeader(at: position) {
            case let .failure(fault):
                if try settle(fault, reader: reader) { continue }
                return nil
            case let .success(found):
                header = found
            }
            guard header.firstOffset == expectedOffset else {
                _ = try settle(.invalid("the block starts at offset \(header.firstOffset) where \(expectedOffset) belongs"), reader: reader)
                return nil
            }
            if entryIndex < entries.count, entries[entryIndex].position == position { entryIndex += 1 }
            guard filter.mayMatch(header) else {
                position += UInt64(header.blockLength)
                expectedOffset = header.endOffset
                continue
            }
            switch try reader.decodedBlock(at: position, header: header) {
            case let .failure(fault):
                if try settle(fault, reader: reader) { continue }
                return nil
            case let .success(block):
                position += UInt64(header.blockLength)
                expectedOffset = header.endOffset
                return block
            }
        }
        return nil
    }

    /// Moves to the next segment when one exists; false at the end of the log for now.
    private func advanceSegment() throws(LogError) -> Bool {
        if isLastSegment {
            let current = bases[segment]
            bases = try directory.segmentBases()
            guard let index = bases.firstIndex(of: current) else {
                throw .damaged(Damage(segment: segmentName, position: position, firstOffset: expectedOffset,
                                      endOffset: nil, reason: "the segment file disappeared while it was read"))
            }
            segment = index
            guard !isLastSegment else { return false }
            // The writer may have finished more blocks in this segment between our size check
            // and its roll to the next one: a sealed segment's size is final, so read on here.
            if let reader, position < (try reader.size()) { return true }
        }
        let next = bases[segment + 1]
        guard next == expectedOffset else {
            throw .damaged(Damage(segment: LogDirectory.stem(for: next) + ".log", position: 0, firstOffset: expectedOffset,
                                  endOffset: next, reason: "segment starts at offset \(next) but the previous one ends at \(expectedOffset)"))
        }
        try open(segment: segment + 1)
        return true
    }

    /// Decides what a block that did not read means: the end of what is complete for now
    /// (returns false: the read stops here), a block to read once more (returns true), or
    /// damage (throws).
    ///
    /// A reader sees a write page by page, so the first read can end inside a block that the
    /// writer is still writing. Only the first read tells that, so an incomplete block is
    /// judged by it, never by a second look at a file that has grown since: at the end of the
    /// last segment it is a write in progress (or a torn tail the next writer cuts); in a
    /// sealed segment (the writer rolled on, so the block was whole before) it is read once
    /// more, and only a block that is still incomplete is damage.
    private func settle(_ fault: BlockFault, reader: SegmentReader) throws(LogError) -> Bool {
        reader.forgetReadAhead()
        bases = try directory.segmentBases()
        if case .incomplete = fault {
            if isLastSegment { return false }
            if retriedPosition != position {
                retriedPosition = position
                return true
            }
        } else if isLastSegment, try reader.isTornTail(at: position) {
            return false
        }
        throw .damaged(Damage(segment: reader.name, position: position, firstOffset: expectedOffset,
                              endOffset: nil, reason: fault.reason))
    }
}
