import Foundation

/// Reads every block of every segment and checks all there is to check: header checksums,
/// LZ4 content checksums, record structure, offsets, timestamps, Bloom filters, segment
/// names, and the SHA-256 chain from the first block to the last.
struct Verifier {
    let directory: LogDirectory
    /// Whether a writer may be appending (another process holds the lock): then an incomplete
    /// last block is a write in progress, not a torn tail.
    let writerActive: Bool
    /// Whether stale index files may be rewritten.
    let rewriteIndexes: Bool
    let progress: (@Sendable (VerificationProgress) -> Void)?

    func run() throws(LogError) -> VerificationReport {
        let bases = try directory.segmentBases()
        var report = VerificationReport(events: 0, segments: bases.count, blocks: 0, bytesOnDisk: 0, uncompressedBytes: 0,
                                        chainHead: ChainHash.zero.hex, problems: [], notes: [])
        var sizes: [UInt64] = []
        for base in bases {
            let size = (try? LogFile(path: directory.segmentPath(base), writable: false).size()) ?? 0
            let indexSize = (try? LogFile(path: directory.indexPath(base), writable: false).size()) ?? 0
            sizes.append(size)
            report.bytesOnDisk += size + indexSize
        }
        let total = sizes.reduce(0, +)
        var done: UInt64 = 0
        var expected: UInt64 = 0
        var head = ChainHash.zero
        for (number, base) in bases.enumerated() {
            let reader = try SegmentReader(directory: directory, base: base)
            guard base == expected else {
                report.problems.append(.init(kind: "segmentGap", damage: Damage(
                    segment: reader.name, position: 0, firstOffset: expected, endOffset: base,
                    reason: "the segment is named for offset \(base) but the log continues at \(expected)")))
                break
            }
            let isLast = number == bases.count - 1
            var entries: [IndexEntry] = []
            var position: UInt64 = 0
            let size = sizes[number]
            var stopped = false
            while position < size {
                switch try TailRecovery.checkBlock(reader, at: position, expectedOffset: expected, previousHash: head) {
                case let .failure(fault):
                    let damage = Damage(segment: reader.name, position: position, firstOffset: expected, endOffset: nil, reason: fault.reason)
                    // An incomplete block at the end of the last segment is judged by this read
                    // alone: beside a writer, the file may have grown since (see LogCursor.settle).
                    let incomplete = if case .incomplete = fault { true } else { false }
                    var isTail = isLast && incomplete
                    if isLast && !incomplete { isTail = try reader.isTornTail(at: position) }
                    if isTail && writerActive {
                        report.notes.append("the last \(size - position) bytes of \(reader.name) are a block still being written")
                    } else {
                        report.problems.append(.init(kind: isTail ? "tornTail" : "corruption", damage: damage))
                    }
                    stopped = true
                case let .success(block):
                    let header = block.header
                    if let problem = bloomProblem(block, segment: reader.name) {
                        report.problems.append(problem)
                        stopped = true
                        break
                    }
                    entries.append(IndexEntry(header: header, position: position))
                    position += UInt64(header.blockLength)
                    expected = header.endOffset
                    head = header.blockHash
                    report.blocks += 1
                    report.uncompressedBytes += UInt64(header.uncompressedSize)
                    progress?(VerificationProgress(bytesDone: done + position, bytesTotal: total))
                }
                if stopped { break }
            }
            done += size
            if stopped { break }
            checkIndex(entries, base: base, report: &report)
        }
        report.events = expected
        report.chainHead = head.hex
        return report
    }

    /// Recomputes the block's Bloom filters; a mismatch means the header lies about the records.
    private func bloomProblem(_ block: LogBlock, segment: String) -> VerificationReport.Problem? {
        let header = block.header
        var streams = Bloom64()
        var types = Bloom64()
        for record in block.records {
            streams.insert(mask: Bloom64.mask(for: record.streamIDBytes))
            types.insert(mask: Bloom64.mask(for: record.eventTypeBytes))
        }
        guard streams != header.streamBloom || types != header.typeBloom else { return nil }
        return .init(kind: "corruption", damage: Damage(segment: segment, position: block.position, firstOffset: header.firstOffset,
                                                        endOffset: header.endOffset, reason: "the header's Bloom filters do not match the records"))
    }

    /// Compares the index with the blocks found; a stale or damaged index is rebuilt, not reported as damage.
    private func checkIndex(_ entries: [IndexEntry], base: UInt64, report: inout VerificationReport) {
        guard SegmentIndexFile.load(directory, base: base) != entries else { return }
        let name = LogDirectory.stem(for: base) + ".index"
        if rewriteIndexes, (try? SegmentIndexFile.write(entries, directory, base: base)) != nil {
            report.notes.append("\(name) was missing, stale or damaged and has been rebuilt")
        } else {
            report.notes.append("\(name) is missing, stale or damaged; the next writer rebuilds it (reads do not depend on it)")
        }
    }
}
