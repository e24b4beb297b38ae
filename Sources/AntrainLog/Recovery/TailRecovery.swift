import Foundation
import SystemPackage

/// What opening a log for writing cut from a torn tail, and where the cut bytes were kept.
public struct TailCut: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The segment file that was cut.
    public var segment: String
    /// Where the cut began: the end of the last complete block.
    public var position: UInt64
    /// How many bytes were cut.
    public var bytes: UInt64
    /// Why they were not a complete block.
    public var reason: String
    /// The file in `quarantine/` that holds the cut bytes.
    public var quarantineFile: String

    public var description: String {
        "cut \(bytes) bytes from \(segment) at byte \(position) (\(reason)); kept in \(quarantineFile)"
    }
}

/// Where the log ends, found by opening for writing.
struct LogTail {
    var segmentBase: UInt64
    var segmentSize: UInt64
    var indexEntries: Int
    var nextOffset: UInt64
    var chainHead: ChainHash
    var cut: TailCut?
    var damage: Damage?
    /// False when the index could not be rewritten (a full disk, say): it is a cache, so the
    /// log opens anyway and the writer stops appending to the index until the next open.
    var indexCurrent: Bool
}

/// Finds the end of the log and cuts a torn last block, reading only the last segment's
/// index and the blocks after its last entry.
package enum TailRecovery {
    static func recover(_ directory: LogDirectory, cache: SealedIndexCache) throws(LogError) -> LogTail {
        var bases = try directory.segmentBases()
        if bases.isEmpty {
            // Only the lock holder creates files: what is here now stays, so this is where
            // a directory that only looks new (its segments missing) is told apart.
            try directory.checkHoldsALogOrNothing(lockHeld: true)
            try createSegment(directory, base: 0)
            bases = [0]
        }
        let base = bases[bases.count - 1]
        let reader = try SegmentReader(directory: directory, base: base)
        // Start at the last indexed block, checked again with the rest; without an index,
        // at the segment's start, chained to the previous segment's last block.
        var (entries, lastHeader) = try validEntries(reader, directory: directory)
        let indexOnDisk = entries
        var position = entries.popLast()?.position ?? 0
        var expected = lastHeader?.firstOffset ?? base
        var head: ChainHash
        if let lastHeader {
            head = lastHeader.previousHash
        } else {
            head = try previousHead(directory, bases: bases, cache: cache, base: base)
        }
        var damage: Damage?
        let size = try reader.size()
        var faultReason: String?
        scan: while position < size {
            switch try checkBlock(reader, at: position, expectedOffset: expected, previousHash: head) {
            case let .failure(fault):
                faultReason = fault.reason
                break scan
            case let .success(block):
                let header = block.header
                entries.append(IndexEntry(header: header, position: position))
                position += UInt64(header.blockLength)
                expected = header.endOffset
                head = header.blockHash
            }
        }
        var cut: TailCut?
        if let reason = faultReason {
            if try reader.isTornTail(at: position) {
                cut = try quarantineTail(directory, reader: reader, from: position, size: size, reason: reason)
            } else {
                damage = Damage(segment: reader.name, position: position, firstOffset: expected, endOffset: nil, reason: reason)
            }
        }
        // Rewrite the index only when it differs from what it should hold (most opens: never).
        let indexCurrent = (entries == indexOnDisk && SegmentIndexFile.holdsExactly(entries.count, directory, base: base))
            || (try? SegmentIndexFile.write(entries, directory, base: base)) != nil
        if damage == nil { damage = DamageMarker.read(directory) }
        return LogTail(segmentBase: base, segmentSize: damage == nil ? position : size, indexEntries: entries.count,
                       nextOffset: expected, chainHead: head, cut: cut, damage: damage, indexCurrent: indexCurrent)
    }

    /// The index entries of the last segment up to the last one whose header checks out, and
    /// that header.
    private static func validEntries(_ reader: SegmentReader, directory: LogDirectory) throws(LogError) -> ([IndexEntry], BlockHeader?) {
        var entries = SegmentIndexFile.load(directory, base: reader.base)
        let size = try reader.size()
        while let last = entries.last {
            if last.position + UInt64(last.blockLength) <= size,
               case let .success((header, _)) = try reader.header(at: last.position),
               header.firstOffset == last.firstOffset, header.blockLength == Int(last.blockLength) {
                return (entries, header)
            }
            entries.removeLast()
        }
        return ([], nil)
    }

    /// The chain head before segment `base`: the hash of the previous segment's last block.
    private static func previousHead(_ directory: LogDirectory, bases: [UInt64], cache: SealedIndexCache,
                                     base: UInt64) throws(LogError) -> ChainHash {
        guard bases.count > 1 else { return .zero }
        let previous = try SegmentReader(directory: directory, base: bases[bases.count - 2])
        let entries = try cache.entries(for: previous, directory: directory)
        guard let last = entries.last, last.endOffset == base,
              case let .success((header, _)) = try previous.header(at: last.position)
        else {
            throw .damaged(Damage(segment: previous.name, position: entries.last.map { $0.position + UInt64($0.blockLength) } ?? 0,
                                  firstOffset: entries.last?.endOffset ?? previous.base, endOffset: base,
                                  reason: "the sealed segment does not end where the next one begins"))
        }
        return header.blockHash
    }

    /// Reads, decodes and hashes the block at `position`, checking its place in the chain;
    /// returns the decoded block.
    package static func checkBlock(_ reader: SegmentReader, at position: UInt64, expectedOffset: UInt64,
                                   previousHash: ChainHash) throws(LogError) -> Result<LogBlock, BlockFault> {
        let header: BlockHeader
        let raw: [UInt8]
        switch try reader.header(at: position) {
        case let .failure(fault): return .failure(fault)
        case let .success(found): (header, raw) = found
        }
        guard header.firstOffset == expectedOffset else {
            return .failure(.invalid("the block starts at offset \(header.firstOffset) where \(expectedOffset) belongs"))
        }
        switch try reader.block(at: position, header: header) {
        case let .failure(fault): return .failure(fault)
        case let .success((block, frame)):
            guard header.previousHash == previousHash else {
                return .failure(.invalid("the previous-block hash does not match the chain"))
            }
            guard LogBlock.hash(rawHeader: raw, frame: frame) == header.blockHash else {
                return .failure(.invalid("the block hash does not match its bytes"))
            }
            return .success(block)
        }
    }

    /// Copies the bytes from `position` to the end into quarantine, then cuts them from the segment.
    private static func quarantineTail(_ directory: LogDirectory, reader: SegmentReader, from position: UInt64,
                                       size: UInt64, reason: String) throws(LogError) -> TailCut {
        let bytes = try reader.file.read(at: position, count: Int(size - position))
        let name = "\(reader.name).torn-at-\(position).\(Int(Date().timeIntervalSince1970 * 1000))"
        try Quarantine.store(bytes, named: name, in: directory)
        let segment = try LogFile(path: directory.segmentPath(reader.base), writable: true)
        try segment.truncate(to: position)
        try segment.syncData()
        return TailCut(segment: reader.name, position: position, bytes: size - position, reason: reason,
                       quarantineFile: "\(LogDirectory.quarantineName)/\(name)")
    }

    /// Creates an empty segment and its index, and makes the directory entry durable.
    static func createSegment(_ directory: LogDirectory, base: UInt64) throws(LogError) {
        let segment = try LogFile(path: directory.segmentPath(base), writable: true, create: true)
        guard try segment.size() == 0 else {
            throw .notALog(path: segment.path.string, reason: "a segment for offset \(base) already exists and is not empty")
        }
        try segment.syncData()
        // An atomic write, which ends by syncing the directory: the segment's entry with it.
        try SegmentIndexFile.write([], directory, base: base)
    }
}
