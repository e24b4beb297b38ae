import Foundation

/// What `repair` did: the damage it found and where it moved the damaged tail.
public struct RepairReport: Sendable, Equatable, Codable {
    /// The damage repaired; nil when there was nothing to repair.
    public var damage: Damage?
    /// Files created in or moved to `quarantine/`, relative to the log directory.
    public var quarantined: [String]
    /// Bytes moved out of the log.
    public var bytesMoved: UInt64
    /// The log's end before repair: the offsets from `endOffset` to here are no longer in
    /// the log (their bytes are in quarantine).
    public var previousEndOffset: UInt64
    /// The log's end after repair: the next append gets this offset.
    public var endOffset: UInt64
    /// The chain head after repair.
    public var chainHead: String

    /// A report from its parts, for a storage's own `repair` (``LogWriter/repair()``).
    public init(damage: Damage?, quarantined: [String], bytesMoved: UInt64, previousEndOffset: UInt64,
                endOffset: UInt64, chainHead: String) {
        self.damage = damage
        self.quarantined = quarantined
        self.bytesMoved = bytesMoved
        self.previousEndOffset = previousEndOffset
        self.endOffset = endOffset
        self.chainHead = chainHead
    }
}

extension DirectoryWriter {
    /// Verifies the whole log; when it finds damage, moves the damaged block and everything
    /// after it into `quarantine/repair-TIME/` (nothing is deleted), cuts the log back to the
    /// last good block, and accepts appends again.
    func repair() async throws(LogError) -> RepairReport {
        await drain()
        if let failure { throw .writerFailed(reason: failure) }
        let previousEnd = nextOffset
        let verification = try Verifier(directory: directory, writerActive: false, rewriteIndexes: true, progress: nil).run()
        guard let problem = verification.problems.first else {
            try DamageMarker.remove(directory)
            damage = nil
            latch.clear()
            return RepairReport(damage: nil, quarantined: [], bytesMoved: 0, previousEndOffset: previousEnd,
                                endOffset: nextOffset, chainHead: chainHead.hex)
        }
        let folder = "repair-\(Int(Date().timeIntervalSince1970 * 1000))"
        var quarantined: [String] = []
        var moved: UInt64 = 0
        let bases = try directory.segmentBases()
        let damagedBase = bases.first { LogDirectory.stem(for: $0) + ".log" == problem.damage.segment } ?? bases.last ?? 0
        for base in bases where base > damagedBase {
            let size = try LogFile(path: directory.segmentPath(base), writable: false).size()
            for (path, suffix) in [(directory.segmentPath(base), "log"), (directory.indexPath(base), "index")] {
                let name = "\(folder)/\(LogDirectory.stem(for: base)).\(suffix)"
                if FileManager.default.fileExists(atPath: path.string) {
                    try LogDirectory(path: directory.quarantinePath.appending(folder)).create()
                    try Quarantine.move(path, named: name, in: directory)
                    quarantined.append("\(LogDirectory.quarantineName)/\(name)")
                }
            }
            moved += size
        }
        let reader = try SegmentReader(directory: directory, base: damagedBase)
        let size = try reader.size()
        let cutAt = problem.kind == "segmentGap" ? 0 : problem.damage.position
        if cutAt < size {
            let name = "\(folder)/\(reader.name).from-\(cutAt)"
            try LogDirectory(path: directory.quarantinePath.appending(folder)).create()
            try Quarantine.store(try reader.file.read(at: cutAt, count: Int(size - cutAt)), named: name, in: directory)
            quarantined.append("\(LogDirectory.quarantineName)/\(name)")
            moved += size - cutAt
            let file = try LogFile(path: directory.segmentPath(damagedBase), writable: true)
            try file.truncate(to: cutAt)
            try file.syncData()
            try SegmentIndexFile.write(try HeaderScan.entries(of: reader, from: []), directory, base: damagedBase)
        }
        try LogFile.syncDirectory(directory.path)
        try DamageMarker.remove(directory)
        latch.clear()
        try reopenTail()
        return RepairReport(damage: problem.damage, quarantined: quarantined, bytesMoved: moved,
                            previousEndOffset: previousEnd, endOffset: nextOffset, chainHead: chainHead.hex)
    }

    /// Finds the end of the log again after files changed under the writer.
    private func reopenTail() throws(LogError) {
        cache.removeAll()
        unwrittenIndexEntries.removeAll()
        let tail = try TailRecovery.recover(directory, cache: cache)
        segmentBase = tail.segmentBase
        segmentSize = tail.segmentSize
        indexEntries = tail.indexEntries
        indexBroken = !tail.indexCurrent
        nextOffset = tail.nextOffset
        chainHead = tail.chainHead
        damage = tail.damage
        // Not saved: the log it describes may have been cut. The next load checks it.
        closeState(saving: false)
        segment = try LogFile(path: directory.segmentPath(tail.segmentBase), writable: true)
        index = try LogFile(path: directory.indexPath(tail.segmentBase), writable: true, create: true)
    }

    /// Records damage that a verification found, so that appends are refused until repair.
    func recordDamage(_ found: Damage) {
        damage = found
        latch.record(found)
    }
}
