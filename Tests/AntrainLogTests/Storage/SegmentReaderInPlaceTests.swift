@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import SystemPackage
import Testing

/// A scan decodes each block header and frame where the read-ahead holds them
/// (``SegmentReader/decodedHeader(at:)``, ``SegmentReader/decodedBlock(at:header:)``); the
/// other readers copy them out first (``SegmentReader/header(at:)``, ``SegmentReader/block(at:header:)``).
/// Both must see the same blocks and report the same faults, on whole segments, segments cut
/// at every byte, and segments with damaged bytes.
@Suite("Segment reader: in place and copied agree")
struct SegmentReaderInPlaceTests {
    /// A closed log of five blocks of varied sizes; returns the segment's bytes and where each block starts.
    private func makeSegment() async throws -> (bytes: [UInt8], blocks: [UInt64]) {
        let directory = TemporaryDirectory("in-place")
        let log = try await reopenForWriting(directory.path)
        for batch in 0..<5 {
            try await log.append(Sample.events((batch * 10)..<(batch * 10 + 1 + batch * 3)), to: "w")
        }
        var starts: [UInt64] = []
        for try await block in log.blocks() { starts.append(block.position) }
        try await log.close()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.file("00000000000000000000.log"))))
        return (bytes, starts)
    }

    /// What reading the block at `position` gives, both ways, in a form that compares.
    private struct Outcome: Equatable {
        var header: String
        var block: String
    }

    private func read(_ bytes: [UInt8], at position: UInt64) throws -> (copied: Outcome, inPlace: Outcome) {
        let directory = TemporaryDirectory("in-place-read")
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("00000000000000000000.log")))
        let logDirectory = LogDirectory(path: directory.filePath)
        // Each way gets a reader of its own, so that neither sees the other's read-ahead.
        let copying = try SegmentReader(directory: logDirectory, base: 0)
        let inPlace = try SegmentReader(directory: logDirectory, base: 0)
        var copied = Outcome(header: "", block: "")
        var direct = Outcome(header: "", block: "")
        switch try copying.header(at: position) {
        case let .failure(fault): copied.header = "\(fault)"
        case let .success((header, _)):
            copied.header = "\(header)"
            switch try copying.block(at: position, header: header) {
            case let .failure(fault): copied.block = "\(fault)"
            case let .success((block, _)): copied.block = describe(block)
            }
        }
        switch try inPlace.decodedHeader(at: position) {
        case let .failure(fault): direct.header = "\(fault)"
        case let .success(header):
            direct.header = "\(header)"
            switch try inPlace.decodedBlock(at: position, header: header) {
            case let .failure(fault): direct.block = "\(fault)"
            case let .success(block): direct.block = describe(block)
            }
        }
        return (copied, direct)
    }

    private func describe(_ block: LogBlock) -> String {
        block.records.map { "\($0.offset):\($0.eventID):\($0.payload)" }.joined(separator: ",")
    }

    @Test("every block of a whole segment reads the same both ways")
    func wholeSegment() async throws {
        let (bytes, blocks) = try await makeSegment()
        #expect(blocks.count == 5)
        for position in blocks {
            let (copied, inPlace) = try read(bytes, at: position)
            #expect(copied == inPlace, "block at \(position)")
            #expect(!inPlace.block.isEmpty && !inPlace.block.contains("invalid"), "block at \(position): \(inPlace.block)")
        }
    }

    @Test("a segment cut at every byte of its last block gives the same fault both ways")
    func cutAtEveryByte() async throws {
        let (bytes, blocks) = try await makeSegment()
        let last = try #require(blocks.last)
        var faults = 0
        for cut in Int(last)..<bytes.count {
            let (copied, inPlace) = try read(Array(bytes.prefix(cut)), at: last)
            #expect(copied == inPlace, "cut at \(cut)")
            if inPlace.header.contains("incomplete") || inPlace.block.contains("incomplete") { faults += 1 }
        }
        #expect(faults == bytes.count - Int(last))
    }

    @Test("a segment with one damaged byte gives the same block or the same fault both ways")
    func damagedBytes() async throws {
        let (bytes, blocks) = try await makeSegment()
        // What each block reads as undamaged, read once.
        var intact: [UInt64: Outcome] = [:]
        for position in [0] + blocks { intact[position] = try read(bytes, at: position).inPlace }
        var random = SplitMix64(seed: 0x1D_1ACE)
        var differing = 0, disagreeing = 0
        let total = rounds("ANTRAIN_IN_PLACE_ROUNDS", short: 300)
        defer { print("in-place reads: \(total) one-byte corruptions, \(differing) changed what the block reads as, \(disagreeing) read differently in place") }
        for _ in 0..<total {
            var damaged = bytes
            let index = Int(random.next() % UInt64(bytes.count))
            damaged[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            let position = blocks.last { $0 <= UInt64(index) } ?? 0
            let (copied, inPlace) = try read(damaged, at: position)
            #expect(copied == inPlace, "byte \(index) of the block at \(position)")
            if copied != inPlace { disagreeing += 1 }
            if inPlace != intact[position] { differing += 1 }
        }
        #expect(differing > 0)
    }
}
